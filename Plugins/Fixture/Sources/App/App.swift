public let app = "A package whose files WebFence checks during swift build."
