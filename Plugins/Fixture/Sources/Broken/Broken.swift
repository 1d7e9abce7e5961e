public let broken = "A package whose association file does not read."
