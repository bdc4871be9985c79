#ifndef FLIPCLOCK_CQRENCODE_SHIM_H
#define FLIPCLOCK_CQRENCODE_SHIM_H
// libqrencode: QRcode_encodeData and QRcode_free. Nothing here Swift cannot import as it is.
#include <qrencode.h>
#endif
