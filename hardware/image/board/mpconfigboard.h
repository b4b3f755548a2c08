// Netclick's board: the stock board's configuration (mpconfigboard.cmake names it).
#include NETCLICK_STOCK_BOARD_H
