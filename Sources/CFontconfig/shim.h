#ifndef FLIPCLOCK_CFONTCONFIG_SHIM_H
#define FLIPCLOCK_CFONTCONFIG_SHIM_H
// Font names ("Roboto Condensed:bold") resolved to files: fontconfig's headers only.
#include <fontconfig/fontconfig.h>
#endif
