/// The OpenAPI 3.1 document of the JSON API, served at `/openapi.json`. It is kept here, in the
/// binary, so that the server needs no file beside it; `docs/openapi.json` is written from it
/// (`WEBFENCE_WRITE_EXAMPLES=1 swift test --filter openAPIDocumentIsCommitted`) and a test fails when
/// the two differ. PyPI's openapi-spec-validator checks it in CI, and every answer the server's tests
/// receive is checked against it (Scripts/check-openapi.py).
enum OpenAPIDocument {
    static let text = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "WebFence",
            "version": "1",
            "description": "webfence serve: WebFence's answers over HTTP (spec interfaces §7). Each /v1/ answer object is exactly what the matching --jsonl command prints for the same input. A case that cannot be used is answered with its error object in its place; the others are answered."
          },
          "paths": {
            "/health": {
              "get": {
                "operationId": "health",
                "summary": "The server is up.",
                "responses": {
                  "200": {
                    "description": "Up.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Health"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/aasa/match": {
              "post": {
                "operationId": "aasaMatch",
                "summary": "Universal-link decisions, as aasa match --jsonl.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "array",
                        "maxItems": 10000,
                        "items": {
                          "$ref": "#/components/schemas/AASAMatchInput"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "One answer per input object, in order.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/AASAMatchAnswer"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadBody"
                  },
                  "408": {
                    "$ref": "#/components/responses/SlowBody"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  }
                }
              }
            },
            "/v1/rules/check": {
              "post": {
                "operationId": "rulesCheck",
                "summary": "Navigation-rule decisions, as rules check --jsonl.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/RulesCheckRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "One answer per case, in order.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/RulesCheckAnswer"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadBody"
                  },
                  "408": {
                    "$ref": "#/components/responses/SlowBody"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  }
                }
              }
            },
            "/v1/framework/check": {
              "post": {
                "operationId": "frameworkCheck",
                "summary": "Hybrid-framework navigation decisions, as framework check --jsonl.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "array",
                        "maxItems": 10000,
                        "items": {
                          "$ref": "#/components/schemas/FrameworkCheckInput"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "One answer per input object, in order.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/FrameworkCheckAnswer"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadBody"
                  },
                  "408": {
                    "$ref": "#/components/responses/SlowBody"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  }
                }
              }
            },
            "/openapi.json": {
              "get": {
                "operationId": "openAPI",
                "summary": "This document.",
                "responses": {
                  "200": {
                    "description": "The OpenAPI document.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/aasa/fetch": {
              "post": {
                "operationId": "aasaFetch",
                "summary": "Fetch a domain's association file as a device does, as aasa fetch --format json.",
                "description": "The domain is checked before anything is sent: an IP address, or a name that resolves to any loopback, private, link-local, unique-local or cloud metadata address, is refused with 422 unless the server runs with --allow-private-networks; the connection goes to the address that was checked. A fetch that fails (DNS, TLS, a status, a redirect, a size) is still a 200 with a report whose checks say why.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/AASAFetchRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The report: each route's checks, headers and the file's findings; with both routes, the comparison.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AASAFetchReport"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadBody"
                  },
                  "408": {
                    "$ref": "#/components/responses/SlowBody"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "$ref": "#/components/responses/AddressRefused"
                  },
                  "503": {
                    "$ref": "#/components/responses/Busy"
                  }
                }
              }
            },
            "/v1/audit": {
              "post": {
                "operationId": "audit",
                "summary": "Audit an uploaded app, as webfence audit --format json (or sarif).",
                "description": "The upload is written to a private temporary folder as it arrives (never held whole in memory) and removed when the answer is sent. An archive is read within the server's limits: entries listed, bytes extracted (a zip bomb stops at the budget). At most a bounded number of uploads are audited at once.",
                "parameters": [
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "enum": [
                        "json",
                        "sarif"
                      ],
                      "default": "json"
                    },
                    "description": "json: the document of webfence audit --format json; sarif: the SARIF 2.1.0 log."
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "multipart/form-data": {
                      "schema": {
                        "$ref": "#/components/schemas/AuditUpload"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The audit of the app (or apps) the upload holds.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "oneOf": [
                            {
                              "$ref": "#/components/schemas/AuditReport"
                            },
                            {
                              "$ref": "#/components/schemas/SARIFLog"
                            }
                          ]
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadBody"
                  },
                  "408": {
                    "$ref": "#/components/responses/SlowBody"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "description": "The upload holds no app that can be read: not an archive, no app in it, over the archive limits, a damaged plist (upload.unusable).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "500": {
                    "description": "The server could not store the upload (upload.storage).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "$ref": "#/components/responses/Busy"
                  }
                }
              }
            },
            "/v1/watch": {
              "get": {
                "operationId": "watch",
                "summary": "The watch of --watch FILE: each domain's routes, what they answer now, when they last changed.",
                "responses": {
                  "200": {
                    "description": "The watched domains; watching is false and domains empty when the server runs without --watch.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/WatchState"
                        }
                      }
                    }
                  },
                  "500": {
                    "description": "The watch's database cannot be read (watch.store).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/simulate": {
              "post": {
                "operationId": "simulate",
                "summary": "Run one scenario file, as webfence simulate --format json.",
                "description": "A scenario that names plist files (infoPlistFile, entitlementsFile) is refused: no request names a path on the server. At most 500 steps (413 scenario.steps).",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "description": "A scenario file (spec interfaces §1)."
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The document of simulate --format json for this one scenario.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SimulateReport"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadBody"
                  },
                  "408": {
                    "$ref": "#/components/responses/SlowBody"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  }
                }
              }
            },
            "/v1/aasa/lint": {
              "post": {
                "operationId": "aasaLint",
                "summary": "Lint an association file, as webfence aasa lint --format json.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/AASALintRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Every finding, with the counts.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/LintReport"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadBody"
                  },
                  "408": {
                    "$ref": "#/components/responses/SlowBody"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "Health": {
                "type": "object",
                "required": [
                  "status"
                ],
                "properties": {
                  "status": {
                    "const": "ok"
                  }
                },
                "additionalProperties": false
              },
              "Error": {
                "type": "object",
                "required": [
                  "error",
                  "code"
                ],
                "additionalProperties": false,
                "properties": {
                  "error": {
                    "type": "string",
                    "description": "What is wrong, for people."
                  },
                  "code": {
                    "type": "string",
                    "enum": [
                      "body.encoding",
                      "body.json",
                      "body.shape",
                      "body.tooLarge",
                      "body.cases",
                      "rules.invalid",
                      "body.slow",
                      "body.unreadable",
                      "fetch.domain",
                      "fetch.address.private",
                      "fetch.busy",
                      "upload.type",
                      "upload.multipart",
                      "upload.empty",
                      "upload.unusable",
                      "upload.busy",
                      "upload.storage",
                      "watch.store",
                      "scenario.invalid",
                      "scenario.steps",
                      "aasa.invalid"
                    ]
                  }
                }
              },
              "Id": {
                "description": "The caller's id, echoed (null when absent).",
                "type": [
                  "string",
                  "number",
                  "integer",
                  "boolean",
                  "null",
                  "object",
                  "array"
                ]
              },
              "CaseError": {
                "type": "object",
                "required": [
                  "id",
                  "error"
                ],
                "additionalProperties": false,
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "error": {
                    "type": "string"
                  }
                },
                "description": "A case that cannot be used: the others are answered."
              },
              "AASAMatchInput": {
                "type": "object",
                "description": "One link to decide (aasa match --jsonl).",
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "aasa": {
                    "description": "The apple-app-site-association file: its object, or its JSON text.",
                    "type": [
                      "object",
                      "string"
                    ]
                  },
                  "domain": {
                    "type": "string"
                  },
                  "appId": {
                    "type": "string",
                    "description": "TEAMID.bundle.id"
                  },
                  "url": {
                    "type": "string"
                  }
                }
              },
              "AASAMatchAnswer": {
                "oneOf": [
                  {
                    "type": "object",
                    "required": [
                      "id",
                      "decision",
                      "reason",
                      "rule"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "id": {
                        "$ref": "#/components/schemas/Id"
                      },
                      "decision": {
                        "enum": [
                          "match",
                          "exclude",
                          "no_match"
                        ]
                      },
                      "reason": {
                        "type": "string"
                      },
                      "rule": {
                        "type": [
                          "string",
                          "null"
                        ],
                        "description": "The JSON pointer of the deciding rule."
                      }
                    }
                  },
                  {
                    "$ref": "#/components/schemas/CaseError"
                  }
                ]
              },
              "RulesCheckRequest": {
                "type": "object",
                "required": [
                  "rules",
                  "cases"
                ],
                "properties": {
                  "rules": {
                    "type": "object",
                    "description": "A rule set (spec navigation-rules)."
                  },
                  "cases": {
                    "type": "array",
                    "maxItems": 10000,
                    "items": {
                      "type": "object",
                      "properties": {
                        "id": {
                          "$ref": "#/components/schemas/Id"
                        },
                        "url": {
                          "type": "string"
                        },
                        "frame": {
                          "enum": [
                            "main",
                            "sub"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "RulesCheckAnswer": {
                "oneOf": [
                  {
                    "type": "object",
                    "required": [
                      "id",
                      "decision",
                      "rule",
                      "reason",
                      "host"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "id": {
                        "$ref": "#/components/schemas/Id"
                      },
                      "decision": {
                        "enum": [
                          "allow",
                          "cancel",
                          "openExternally"
                        ]
                      },
                      "rule": {
                        "type": [
                          "string",
                          "null"
                        ]
                      },
                      "reason": {
                        "type": "string"
                      },
                      "host": {
                        "type": [
                          "string",
                          "null"
                        ]
                      }
                    }
                  },
                  {
                    "$ref": "#/components/schemas/CaseError"
                  }
                ]
              },
              "FrameworkCheckInput": {
                "type": "object",
                "description": "One navigation to decide (framework check --jsonl).",
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "framework": {
                    "enum": [
                      "capacitor",
                      "cordova-ios",
                      "react-native-webview",
                      "hotwire-native",
                      "pwabuilder"
                    ]
                  },
                  "config": {
                    "type": "object",
                    "description": "The framework's configuration (interfaces §6)."
                  },
                  "url": {
                    "type": "string"
                  },
                  "frame": {
                    "enum": [
                      "main",
                      "sub"
                    ]
                  },
                  "newWindow": {
                    "type": "boolean"
                  },
                  "appInitiated": {
                    "type": "boolean",
                    "description": "No source frame: the app's own load (pwabuilder's page-initiated rule)."
                  },
                  "navigationType": {
                    "enum": [
                      "link",
                      "formSubmitted",
                      "backForward",
                      "reload",
                      "formResubmitted",
                      "other"
                    ]
                  }
                }
              },
              "FrameworkCheckAnswer": {
                "oneOf": [
                  {
                    "type": "object",
                    "required": [
                      "id",
                      "decision",
                      "host",
                      "bypass",
                      "rule"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "id": {
                        "$ref": "#/components/schemas/Id"
                      },
                      "decision": {
                        "enum": [
                          "allow",
                          "cancel",
                          "openExternally"
                        ]
                      },
                      "host": {
                        "type": [
                          "string",
                          "null"
                        ]
                      },
                      "bypass": {
                        "type": "boolean"
                      },
                      "rule": {
                        "type": "string"
                      }
                    }
                  },
                  {
                    "type": "object",
                    "required": [
                      "id",
                      "failure",
                      "reason"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "id": {
                        "$ref": "#/components/schemas/Id"
                      },
                      "failure": {
                        "const": true
                      },
                      "reason": {
                        "type": "string"
                      }
                    }
                  }
                ]
              },
              "AASAFetchRequest": {
                "type": "object",
                "required": [
                  "domain"
                ],
                "additionalProperties": false,
                "properties": {
                  "domain": {
                    "type": "string",
                    "description": "A host, or host:port; no scheme, no path."
                  },
                  "route": {
                    "type": "string",
                    "enum": [
                      "cdn",
                      "direct",
                      "both"
                    ],
                    "default": "cdn",
                    "description": "cdn: Apple's CDN, what a device without a mode asks; direct: the server itself, what a device in developer or managed mode asks; both: each, compared."
                  },
                  "appId": {
                    "type": "string",
                    "description": "Check that the file names this app (TEAMID.bundle.id)."
                  }
                }
              },
              "Severity": {
                "type": "string",
                "enum": [
                  "error",
                  "warning",
                  "note"
                ]
              },
              "Finding": {
                "type": "object",
                "required": [
                  "code",
                  "severity",
                  "pointer",
                  "message"
                ],
                "additionalProperties": false,
                "properties": {
                  "code": {
                    "type": "string"
                  },
                  "severity": {
                    "$ref": "#/components/schemas/Severity"
                  },
                  "pointer": {
                    "type": "string",
                    "description": "A JSON pointer into the file; empty for the whole file."
                  },
                  "message": {
                    "type": "string"
                  }
                }
              },
              "FetchCheck": {
                "type": "object",
                "required": [
                  "code",
                  "severity",
                  "message"
                ],
                "additionalProperties": false,
                "properties": {
                  "code": {
                    "type": "string",
                    "description": "fetch.domain, fetch.address.private, fetch.dns, fetch.connect, fetch.tls, fetch.timeout, fetch.status, fetch.redirect, fetch.contentType, fetch.size, fetch.body, fetch.cdn.* and the others of aasa fetch."
                  },
                  "severity": {
                    "$ref": "#/components/schemas/Severity"
                  },
                  "message": {
                    "type": "string"
                  }
                }
              },
              "AASAFetchRoute": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "route",
                  "url",
                  "userAgent",
                  "status",
                  "outcome",
                  "elapsedSeconds",
                  "headers",
                  "cdn",
                  "redirect",
                  "bodyBytes",
                  "checks",
                  "findings",
                  "accepted"
                ],
                "properties": {
                  "route": {
                    "type": "string",
                    "enum": [
                      "cdn",
                      "direct"
                    ]
                  },
                  "url": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "userAgent": {
                    "type": "string"
                  },
                  "status": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "outcome": {
                    "type": "string",
                    "enum": [
                      "received",
                      "denied",
                      "temporarilyUnavailable",
                      "redirected",
                      "stopped",
                      "failed"
                    ]
                  },
                  "elapsedSeconds": {
                    "type": "number",
                    "minimum": 0
                  },
                  "headers": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "name",
                        "value"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "name": {
                          "type": "string"
                        },
                        "value": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "cdn": {
                    "oneOf": [
                      {
                        "type": "null"
                      },
                      {
                        "type": "object",
                        "additionalProperties": false,
                        "required": [
                          "from",
                          "originFormat",
                          "failureReason",
                          "failureCode",
                          "tryDirect"
                        ],
                        "properties": {
                          "from": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "originFormat": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "failureReason": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "failureCode": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "tryDirect": {
                            "type": [
                              "string",
                              "null"
                            ]
                          }
                        }
                      }
                    ]
                  },
                  "redirect": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "bodyBytes": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "checks": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/FetchCheck"
                    }
                  },
                  "findings": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Finding"
                    }
                  },
                  "accepted": {
                    "type": "boolean",
                    "description": "Whether a device would use the file."
                  }
                }
              },
              "AASAFetchReport": {
                "type": "object",
                "required": [
                  "domain",
                  "routes"
                ],
                "additionalProperties": false,
                "properties": {
                  "domain": {
                    "type": "string"
                  },
                  "routes": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 2,
                    "items": {
                      "$ref": "#/components/schemas/AASAFetchRoute"
                    }
                  },
                  "comparison": {
                    "$ref": "#/components/schemas/Finding"
                  }
                }
              },
              "AuditUpload": {
                "type": "object",
                "description": "Either app, or infoPlist with an optional entitlements file.",
                "properties": {
                  "app": {
                    "type": "string",
                    "contentMediaType": "application/octet-stream",
                    "description": "An .ipa, or a zipped .app."
                  },
                  "infoPlist": {
                    "type": "string",
                    "contentMediaType": "application/octet-stream",
                    "description": "An Info.plist (XML or binary)."
                  },
                  "entitlements": {
                    "type": "string",
                    "contentMediaType": "application/octet-stream",
                    "description": "The project's .entitlements file."
                  },
                  "appId": {
                    "type": "string",
                    "description": "The app ID when the files do not give it."
                  }
                }
              },
              "AuditReport": {
                "type": "object",
                "required": [
                  "apps",
                  "unusable",
                  "errors",
                  "warnings",
                  "notes"
                ],
                "additionalProperties": false,
                "properties": {
                  "apps": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "path",
                        "kind",
                        "findings"
                      ],
                      "properties": {
                        "path": {
                          "type": "string"
                        },
                        "kind": {
                          "type": "string"
                        },
                        "findings": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": [
                              "code",
                              "severity",
                              "message"
                            ],
                            "properties": {
                              "code": {
                                "type": "string"
                              },
                              "severity": {
                                "$ref": "#/components/schemas/Severity"
                              },
                              "line": {
                                "type": [
                                  "integer",
                                  "null"
                                ],
                                "minimum": 1,
                                "description": "The line of the key in its file, when the file is text; else null."
                              },
                              "column": {
                                "type": [
                                  "integer",
                                  "null"
                                ],
                                "minimum": 1
                              },
                              "message": {
                                "type": "string"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "unusable": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "path",
                        "message"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "path": {
                          "type": "string"
                        },
                        "message": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "errors": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "warnings": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "notes": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              },
              "SARIFLog": {
                "type": "object",
                "required": [
                  "version",
                  "runs"
                ],
                "properties": {
                  "version": {
                    "const": "2.1.0"
                  },
                  "$schema": {
                    "type": "string"
                  },
                  "runs": {
                    "type": "array",
                    "items": {
                      "type": "object"
                    }
                  }
                }
              },
              "WatchState": {
                "type": "object",
                "required": [
                  "watching",
                  "domains"
                ],
                "additionalProperties": false,
                "properties": {
                  "watching": {
                    "type": "boolean"
                  },
                  "domains": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "domain",
                        "cdnMatchesServer",
                        "routes"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "domain": {
                          "type": "string"
                        },
                        "cdnMatchesServer": {
                          "type": [
                            "boolean",
                            "null"
                          ],
                          "description": "Whether both routes now serve the same received file (by SHA-256); null when either has none."
                        },
                        "routes": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "additionalProperties": false,
                            "required": [
                              "route",
                              "status",
                              "outcome",
                              "contentHash",
                              "lastChanged",
                              "lastChecked",
                              "versions"
                            ],
                            "properties": {
                              "route": {
                                "type": "string",
                                "enum": [
                                  "cdn",
                                  "direct"
                                ]
                              },
                              "status": {
                                "type": [
                                  "integer",
                                  "null"
                                ],
                                "description": "The HTTP status now; 0 when no response arrived; null before the first fetch."
                              },
                              "outcome": {
                                "type": [
                                  "string",
                                  "null"
                                ]
                              },
                              "contentHash": {
                                "type": [
                                  "string",
                                  "null"
                                ],
                                "description": "SHA-256 of the body now, in hex."
                              },
                              "lastChanged": {
                                "type": [
                                  "string",
                                  "null"
                                ],
                                "description": "When the answer last became what it is now (ISO 8601, UTC)."
                              },
                              "lastChecked": {
                                "type": [
                                  "string",
                                  "null"
                                ],
                                "description": "When it was last fetched."
                              },
                              "versions": {
                                "type": "integer",
                                "minimum": 0,
                                "description": "How many distinct answers the route has given."
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "AASALintRequest": {
                "type": "object",
                "required": [
                  "file"
                ],
                "additionalProperties": false,
                "properties": {
                  "file": {
                    "oneOf": [
                      {
                        "type": "object"
                      },
                      {
                        "type": "string"
                      }
                    ],
                    "description": "The file's object, or its JSON text (read byte for byte as a device reads it)."
                  },
                  "domain": {
                    "type": "string",
                    "description": "The domain it is served from."
                  },
                  "appId": {
                    "type": "string",
                    "description": "The app that should be named."
                  }
                }
              },
              "LintReport": {
                "type": "object",
                "required": [
                  "file",
                  "findings",
                  "errors",
                  "warnings",
                  "notes"
                ],
                "additionalProperties": false,
                "properties": {
                  "file": {
                    "type": "string"
                  },
                  "findings": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "source",
                        "code",
                        "severity",
                        "pointer",
                        "line",
                        "column",
                        "message"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "source": {
                          "type": "string"
                        },
                        "code": {
                          "type": "string"
                        },
                        "severity": {
                          "$ref": "#/components/schemas/Severity"
                        },
                        "pointer": {
                          "type": "string"
                        },
                        "line": {
                          "type": [
                            "integer",
                            "null"
                          ],
                          "minimum": 1,
                          "description": "The line of the pointer in the file, from 1; null when it cannot be placed."
                        },
                        "column": {
                          "type": [
                            "integer",
                            "null"
                          ],
                          "minimum": 1,
                          "description": "The column, from 1, in Unicode scalars; null when the line is."
                        },
                        "message": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "errors": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "warnings": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "notes": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              },
              "SimulateReport": {
                "type": "object",
                "required": [
                  "scenarios"
                ],
                "additionalProperties": false,
                "properties": {
                  "scenarios": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "name",
                        "passed",
                        "steps"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "name": {
                          "type": "string"
                        },
                        "passed": {
                          "type": "boolean"
                        },
                        "steps": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": [
                              "index",
                              "action",
                              "outcome",
                              "mismatches"
                            ],
                            "additionalProperties": false,
                            "properties": {
                              "index": {
                                "type": "integer"
                              },
                              "action": {
                                "type": "string"
                              },
                              "outcome": {
                                "type": "object"
                              },
                              "mismatches": {
                                "type": "array",
                                "items": {
                                  "type": "object",
                                  "required": [
                                    "field",
                                    "expected",
                                    "actual"
                                  ],
                                  "properties": {
                                    "field": {
                                      "type": "string"
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "responses": {
              "BadBody": {
                "description": "The body is not UTF-8, not JSON or not the route's shape, the rule set does not load, the body could not be read, or an upload is not multipart/form-data with the parts the route takes.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "SlowBody": {
                "description": "The body did not arrive within the time limit (10 s by default).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "TooLarge": {
                "description": "The body is over the size cap, or holds more than 10,000 cases.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "AddressRefused": {
                "description": "The domain is an IP address or resolves to an address that is not public (fetch.address.private); nothing was sent.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Busy": {
                "description": "Every fetch place is taken (fetch.busy); try again after Retry-After seconds.",
                "headers": {
                  "Retry-After": {
                    "schema": {
                      "type": "integer"
                    }
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              }
            }
          }
        }
        """#
}
