// WebFence's own bridge to ada (https://github.com/ada-url/ada), the WHATWG URL parser inside
// Node.js, for the benchmarks' side-by-side runs. Benchmarks/Peers/build.sh compiles it together
// with the ada amalgamation from PyPI's ada-url source distribution; nothing of ada is committed.
//
// The benchmarks load the result with dlopen, so the Swift package builds without ada. The base
// URL is parsed once, as WebFence's benchmarks parse theirs once.

#include <cstddef>
#include <string_view>

#include "ada.h"

extern "C" {

/// Parses `base` once; the pointer lives until `webfence_ada_free_base`. Null when it is invalid.
void* webfence_ada_parse_base(const char* base, size_t length) {
    auto parsed = ada::parse<ada::url_aggregator>(std::string_view(base, length));
    if (!parsed) return nullptr;
    return new ada::url_aggregator(*parsed);
}

void webfence_ada_free_base(void* base) { delete static_cast<ada::url_aggregator*>(base); }

/// Parses `input` against `base` (may be null) and returns the length of the href, or -1 when the
/// input is not a URL: the whole parse, as `new URL(input, base)` does it.
long webfence_ada_parse(const char* input, size_t length, const void* base) {
    auto parsed = ada::parse<ada::url_aggregator>(std::string_view(input, length),
                                                  static_cast<const ada::url_aggregator*>(base));
    if (!parsed) return -1;
    return static_cast<long>(parsed->get_href().size());
}

/// Copies the hostname of `input` (parsed against `base`) into `output`; returns its length, or -1.
long webfence_ada_hostname(const char* input, size_t length, const void* base, char* output, size_t capacity) {
    auto parsed = ada::parse<ada::url_aggregator>(std::string_view(input, length),
                                                  static_cast<const ada::url_aggregator*>(base));
    if (!parsed) return -1;
    std::string_view host = parsed->get_hostname();
    if (host.size() > capacity) return -1;
    host.copy(output, host.size());
    return static_cast<long>(host.size());
}
}
