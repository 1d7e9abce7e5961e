#include <webkit/webkit-web-process-extension.h>
