// The xiangqi evaluation weights (layout: eval_params.h). Written by
// `qipan tune xiangqi`; the first version came from the hand-made tables.
#pragma once

#include "eval_params.h"

namespace qipan::xiangqi::eval {

inline constexpr Weights kWeights = {{
    {0, 0},  // material none
    {0, 0},  // material king
    {120, 120},  // material advisor
    {120, 120},  // material elephant
    {270, 300},  // material horse
    {600, 650},  // material rook
    {300, 270},  // material cannon
    {0, 0},  // material pawn
    {0, 0},  // psqt none rank 0 file 0
    {0, 0},  // psqt none rank 0 file 1
    {0, 0},  // psqt none rank 0 file 2
    {0, 0},  // psqt none rank 0 file 3
    {0, 0},  // psqt none rank 0 file 4
    {0, 0},  // psqt none rank 1 file 0
    {0, 0},  // psqt none rank 1 file 1
    {0, 0},  // psqt none rank 1 file 2
    {0, 0},  // psqt none rank 1 file 3
    {0, 0},  // psqt none rank 1 file 4
    {0, 0},  // psqt none rank 2 file 0
    {0, 0},  // psqt none rank 2 file 1
    {0, 0},  // psqt none rank 2 file 2
    {0, 0},  // psqt none rank 2 file 3
    {0, 0},  // psqt none rank 2 file 4
    {0, 0},  // psqt none rank 3 file 0
    {0, 0},  // psqt none rank 3 file 1
    {0, 0},  // psqt none rank 3 file 2
    {0, 0},  // psqt none rank 3 file 3
    {0, 0},  // psqt none rank 3 file 4
    {0, 0},  // psqt none rank 4 file 0
    {0, 0},  // psqt none rank 4 file 1
    {0, 0},  // psqt none rank 4 file 2
    {0, 0},  // psqt none rank 4 file 3
    {0, 0},  // psqt none rank 4 file 4
    {0, 0},  // psqt none rank 5 file 0
    {0, 0},  // psqt none rank 5 file 1
    {0, 0},  // psqt none rank 5 file 2
    {0, 0},  // psqt none rank 5 file 3
    {0, 0},  // psqt none rank 5 file 4
    {0, 0},  // psqt none rank 6 file 0
    {0, 0},  // psqt none rank 6 file 1
    {0, 0},  // psqt none rank 6 file 2
    {0, 0},  // psqt none rank 6 file 3
    {0, 0},  // psqt none rank 6 file 4
    {0, 0},  // psqt none rank 7 file 0
    {0, 0},  // psqt none rank 7 file 1
    {0, 0},  // psqt none rank 7 file 2
    {0, 0},  // psqt none rank 7 file 3
    {0, 0},  // psqt none rank 7 file 4
    {0, 0},  // psqt none rank 8 file 0
    {0, 0},  // psqt none rank 8 file 1
    {0, 0},  // psqt none rank 8 file 2
    {0, 0},  // psqt none rank 8 file 3
    {0, 0},  // psqt none rank 8 file 4
    {0, 0},  // psqt none rank 9 file 0
    {0, 0},  // psqt none rank 9 file 1
    {0, 0},  // psqt none rank 9 file 2
    {0, 0},  // psqt none rank 9 file 3
    {0, 0},  // psqt none rank 9 file 4
    {0, 0},  // psqt king rank 0 file 0
    {0, 0},  // psqt king rank 0 file 1
    {0, 0},  // psqt king rank 0 file 2
    {-6, -2},  // psqt king rank 0 file 3
    {0, 0},  // psqt king rank 0 file 4
    {0, 0},  // psqt king rank 1 file 0
    {0, 0},  // psqt king rank 1 file 1
    {0, 0},  // psqt king rank 1 file 2
    {-14, -4},  // psqt king rank 1 file 3
    {-10, -2},  // psqt king rank 1 file 4
    {0, 0},  // psqt king rank 2 file 0
    {0, 0},  // psqt king rank 2 file 1
    {0, 0},  // psqt king rank 2 file 2
    {-24, -10},  // psqt king rank 2 file 3
    {-20, -8},  // psqt king rank 2 file 4
    {0, 0},  // psqt king rank 3 file 0
    {0, 0},  // psqt king rank 3 file 1
    {0, 0},  // psqt king rank 3 file 2
    {0, 0},  // psqt king rank 3 file 3
    {0, 0},  // psqt king rank 3 file 4
    {0, 0},  // psqt king rank 4 file 0
    {0, 0},  // psqt king rank 4 file 1
    {0, 0},  // psqt king rank 4 file 2
    {0, 0},  // psqt king rank 4 file 3
    {0, 0},  // psqt king rank 4 file 4
    {0, 0},  // psqt king rank 5 file 0
    {0, 0},  // psqt king rank 5 file 1
    {0, 0},  // psqt king rank 5 file 2
    {0, 0},  // psqt king rank 5 file 3
    {0, 0},  // psqt king rank 5 file 4
    {0, 0},  // psqt king rank 6 file 0
    {0, 0},  // psqt king rank 6 file 1
    {0, 0},  // psqt king rank 6 file 2
    {0, 0},  // psqt king rank 6 file 3
    {0, 0},  // psqt king rank 6 file 4
    {0, 0},  // psqt king rank 7 file 0
    {0, 0},  // psqt king rank 7 file 1
    {0, 0},  // psqt king rank 7 file 2
    {0, 0},  // psqt king rank 7 file 3
    {0, 0},  // psqt king rank 7 file 4
    {0, 0},  // psqt king rank 8 file 0
    {0, 0},  // psqt king rank 8 file 1
    {0, 0},  // psqt king rank 8 file 2
    {0, 0},  // psqt king rank 8 file 3
    {0, 0},  // psqt king rank 8 file 4
    {0, 0},  // psqt king rank 9 file 0
    {0, 0},  // psqt king rank 9 file 1
    {0, 0},  // psqt king rank 9 file 2
    {0, 0},  // psqt king rank 9 file 3
    {0, 0},  // psqt king rank 9 file 4
    {0, 0},  // psqt advisor rank 0 file 0
    {0, 0},  // psqt advisor rank 0 file 1
    {0, 0},  // psqt advisor rank 0 file 2
    {0, 0},  // psqt advisor rank 0 file 3
    {0, 0},  // psqt advisor rank 0 file 4
    {0, 0},  // psqt advisor rank 1 file 0
    {0, 0},  // psqt advisor rank 1 file 1
    {0, 0},  // psqt advisor rank 1 file 2
    {0, 0},  // psqt advisor rank 1 file 3
    {4, 4},  // psqt advisor rank 1 file 4
    {0, 0},  // psqt advisor rank 2 file 0
    {0, 0},  // psqt advisor rank 2 file 1
    {0, 0},  // psqt advisor rank 2 file 2
    {-2, -2},  // psqt advisor rank 2 file 3
    {0, 0},  // psqt advisor rank 2 file 4
    {0, 0},  // psqt advisor rank 3 file 0
    {0, 0},  // psqt advisor rank 3 file 1
    {0, 0},  // psqt advisor rank 3 file 2
    {0, 0},  // psqt advisor rank 3 file 3
    {0, 0},  // psqt advisor rank 3 file 4
    {0, 0},  // psqt advisor rank 4 file 0
    {0, 0},  // psqt advisor rank 4 file 1
    {0, 0},  // psqt advisor rank 4 file 2
    {0, 0},  // psqt advisor rank 4 file 3
    {0, 0},  // psqt advisor rank 4 file 4
    {0, 0},  // psqt advisor rank 5 file 0
    {0, 0},  // psqt advisor rank 5 file 1
    {0, 0},  // psqt advisor rank 5 file 2
    {0, 0},  // psqt advisor rank 5 file 3
    {0, 0},  // psqt advisor rank 5 file 4
    {0, 0},  // psqt advisor rank 6 file 0
    {0, 0},  // psqt advisor rank 6 file 1
    {0, 0},  // psqt advisor rank 6 file 2
    {0, 0},  // psqt advisor rank 6 file 3
    {0, 0},  // psqt advisor rank 6 file 4
    {0, 0},  // psqt advisor rank 7 file 0
    {0, 0},  // psqt advisor rank 7 file 1
    {0, 0},  // psqt advisor rank 7 file 2
    {0, 0},  // psqt advisor rank 7 file 3
    {0, 0},  // psqt advisor rank 7 file 4
    {0, 0},  // psqt advisor rank 8 file 0
    {0, 0},  // psqt advisor rank 8 file 1
    {0, 0},  // psqt advisor rank 8 file 2
    {0, 0},  // psqt advisor rank 8 file 3
    {0, 0},  // psqt advisor rank 8 file 4
    {0, 0},  // psqt advisor rank 9 file 0
    {0, 0},  // psqt advisor rank 9 file 1
    {0, 0},  // psqt advisor rank 9 file 2
    {0, 0},  // psqt advisor rank 9 file 3
    {0, 0},  // psqt advisor rank 9 file 4
    {0, 0},  // psqt elephant rank 0 file 0
    {0, 0},  // psqt elephant rank 0 file 1
    {0, 0},  // psqt elephant rank 0 file 2
    {0, 0},  // psqt elephant rank 0 file 3
    {0, 0},  // psqt elephant rank 0 file 4
    {0, 0},  // psqt elephant rank 1 file 0
    {0, 0},  // psqt elephant rank 1 file 1
    {0, 0},  // psqt elephant rank 1 file 2
    {0, 0},  // psqt elephant rank 1 file 3
    {0, 0},  // psqt elephant rank 1 file 4
    {-2, -2},  // psqt elephant rank 2 file 0
    {0, 0},  // psqt elephant rank 2 file 1
    {0, 0},  // psqt elephant rank 2 file 2
    {0, 0},  // psqt elephant rank 2 file 3
    {6, 6},  // psqt elephant rank 2 file 4
    {0, 0},  // psqt elephant rank 3 file 0
    {0, 0},  // psqt elephant rank 3 file 1
    {0, 0},  // psqt elephant rank 3 file 2
    {0, 0},  // psqt elephant rank 3 file 3
    {0, 0},  // psqt elephant rank 3 file 4
    {0, 0},  // psqt elephant rank 4 file 0
    {0, 0},  // psqt elephant rank 4 file 1
    {-2, -2},  // psqt elephant rank 4 file 2
    {0, 0},  // psqt elephant rank 4 file 3
    {0, 0},  // psqt elephant rank 4 file 4
    {0, 0},  // psqt elephant rank 5 file 0
    {0, 0},  // psqt elephant rank 5 file 1
    {0, 0},  // psqt elephant rank 5 file 2
    {0, 0},  // psqt elephant rank 5 file 3
    {0, 0},  // psqt elephant rank 5 file 4
    {0, 0},  // psqt elephant rank 6 file 0
    {0, 0},  // psqt elephant rank 6 file 1
    {0, 0},  // psqt elephant rank 6 file 2
    {0, 0},  // psqt elephant rank 6 file 3
    {0, 0},  // psqt elephant rank 6 file 4
    {0, 0},  // psqt elephant rank 7 file 0
    {0, 0},  // psqt elephant rank 7 file 1
    {0, 0},  // psqt elephant rank 7 file 2
    {0, 0},  // psqt elephant rank 7 file 3
    {0, 0},  // psqt elephant rank 7 file 4
    {0, 0},  // psqt elephant rank 8 file 0
    {0, 0},  // psqt elephant rank 8 file 1
    {0, 0},  // psqt elephant rank 8 file 2
    {0, 0},  // psqt elephant rank 8 file 3
    {0, 0},  // psqt elephant rank 8 file 4
    {0, 0},  // psqt elephant rank 9 file 0
    {0, 0},  // psqt elephant rank 9 file 1
    {0, 0},  // psqt elephant rank 9 file 2
    {0, 0},  // psqt elephant rank 9 file 3
    {0, 0},  // psqt elephant rank 9 file 4
    {-6, -4},  // psqt horse rank 0 file 0
    {-4, -3},  // psqt horse rank 0 file 1
    {0, 0},  // psqt horse rank 0 file 2
    {-4, -3},  // psqt horse rank 0 file 3
    {-6, -4},  // psqt horse rank 0 file 4
    {-4, -3},  // psqt horse rank 1 file 0
    {0, 0},  // psqt horse rank 1 file 1
    {2, 1},  // psqt horse rank 1 file 2
    {0, 0},  // psqt horse rank 1 file 3
    {-10, -7},  // psqt horse rank 1 file 4
    {0, 0},  // psqt horse rank 2 file 0
    {2, 1},  // psqt horse rank 2 file 1
    {6, 4},  // psqt horse rank 2 file 2
    {6, 4},  // psqt horse rank 2 file 3
    {0, 0},  // psqt horse rank 2 file 4
    {0, 0},  // psqt horse rank 3 file 0
    {6, 4},  // psqt horse rank 3 file 1
    {10, 7},  // psqt horse rank 3 file 2
    {10, 7},  // psqt horse rank 3 file 3
    {12, 9},  // psqt horse rank 3 file 4
    {2, 1},  // psqt horse rank 4 file 0
    {10, 7},  // psqt horse rank 4 file 1
    {14, 10},  // psqt horse rank 4 file 2
    {16, 12},  // psqt horse rank 4 file 3
    {16, 12},  // psqt horse rank 4 file 4
    {4, 3},  // psqt horse rank 5 file 0
    {14, 10},  // psqt horse rank 5 file 1
    {18, 13},  // psqt horse rank 5 file 2
    {20, 15},  // psqt horse rank 5 file 3
    {20, 15},  // psqt horse rank 5 file 4
    {8, 6},  // psqt horse rank 6 file 0
    {22, 16},  // psqt horse rank 6 file 1
    {20, 15},  // psqt horse rank 6 file 2
    {24, 18},  // psqt horse rank 6 file 3
    {20, 15},  // psqt horse rank 6 file 4
    {6, 4},  // psqt horse rank 7 file 0
    {16, 12},  // psqt horse rank 7 file 1
    {20, 15},  // psqt horse rank 7 file 2
    {22, 16},  // psqt horse rank 7 file 3
    {20, 15},  // psqt horse rank 7 file 4
    {4, 3},  // psqt horse rank 8 file 0
    {8, 6},  // psqt horse rank 8 file 1
    {16, 12},  // psqt horse rank 8 file 2
    {24, 18},  // psqt horse rank 8 file 3
    {4, 3},  // psqt horse rank 8 file 4
    {2, 1},  // psqt horse rank 9 file 0
    {-2, -1},  // psqt horse rank 9 file 1
    {4, 3},  // psqt horse rank 9 file 2
    {4, 3},  // psqt horse rank 9 file 3
    {-4, -3},  // psqt horse rank 9 file 4
    {-6, -3},  // psqt rook rank 0 file 0
    {6, 3},  // psqt rook rank 0 file 1
    {4, 2},  // psqt rook rank 0 file 2
    {12, 6},  // psqt rook rank 0 file 3
    {0, 0},  // psqt rook rank 0 file 4
    {-4, -2},  // psqt rook rank 1 file 0
    {8, 4},  // psqt rook rank 1 file 1
    {6, 3},  // psqt rook rank 1 file 2
    {12, 6},  // psqt rook rank 1 file 3
    {0, 0},  // psqt rook rank 1 file 4
    {4, 2},  // psqt rook rank 2 file 0
    {8, 4},  // psqt rook rank 2 file 1
    {6, 3},  // psqt rook rank 2 file 2
    {12, 6},  // psqt rook rank 2 file 3
    {0, 0},  // psqt rook rank 2 file 4
    {-2, -1},  // psqt rook rank 3 file 0
    {8, 4},  // psqt rook rank 3 file 1
    {4, 2},  // psqt rook rank 3 file 2
    {12, 6},  // psqt rook rank 3 file 3
    {14, 7},  // psqt rook rank 3 file 4
    {6, 3},  // psqt rook rank 4 file 0
    {10, 5},  // psqt rook rank 4 file 1
    {10, 5},  // psqt rook rank 4 file 2
    {12, 6},  // psqt rook rank 4 file 3
    {14, 7},  // psqt rook rank 4 file 4
    {8, 4},  // psqt rook rank 5 file 0
    {12, 6},  // psqt rook rank 5 file 1
    {12, 6},  // psqt rook rank 5 file 2
    {14, 7},  // psqt rook rank 5 file 3
    {16, 8},  // psqt rook rank 5 file 4
    {6, 3},  // psqt rook rank 6 file 0
    {12, 6},  // psqt rook rank 6 file 1
    {12, 6},  // psqt rook rank 6 file 2
    {16, 8},  // psqt rook rank 6 file 3
    {16, 8},  // psqt rook rank 6 file 4
    {4, 2},  // psqt rook rank 7 file 0
    {8, 4},  // psqt rook rank 7 file 1
    {6, 3},  // psqt rook rank 7 file 2
    {14, 7},  // psqt rook rank 7 file 3
    {14, 7},  // psqt rook rank 7 file 4
    {6, 3},  // psqt rook rank 8 file 0
    {10, 5},  // psqt rook rank 8 file 1
    {8, 4},  // psqt rook rank 8 file 2
    {14, 7},  // psqt rook rank 8 file 3
    {16, 8},  // psqt rook rank 8 file 4
    {6, 3},  // psqt rook rank 9 file 0
    {8, 4},  // psqt rook rank 9 file 1
    {6, 3},  // psqt rook rank 9 file 2
    {12, 6},  // psqt rook rank 9 file 3
    {14, 7},  // psqt rook rank 9 file 4
    {0, 0},  // psqt cannon rank 0 file 0
    {0, 0},  // psqt cannon rank 0 file 1
    {2, 1},  // psqt cannon rank 0 file 2
    {4, 2},  // psqt cannon rank 0 file 3
    {4, 2},  // psqt cannon rank 0 file 4
    {0, 0},  // psqt cannon rank 1 file 0
    {2, 1},  // psqt cannon rank 1 file 1
    {4, 2},  // psqt cannon rank 1 file 2
    {4, 2},  // psqt cannon rank 1 file 3
    {4, 2},  // psqt cannon rank 1 file 4
    {2, 1},  // psqt cannon rank 2 file 0
    {2, 1},  // psqt cannon rank 2 file 1
    {0, 0},  // psqt cannon rank 2 file 2
    {2, 1},  // psqt cannon rank 2 file 3
    {10, 5},  // psqt cannon rank 2 file 4
    {0, 0},  // psqt cannon rank 3 file 0
    {0, 0},  // psqt cannon rank 3 file 1
    {0, 0},  // psqt cannon rank 3 file 2
    {2, 1},  // psqt cannon rank 3 file 3
    {8, 4},  // psqt cannon rank 3 file 4
    {-2, -1},  // psqt cannon rank 4 file 0
    {0, 0},  // psqt cannon rank 4 file 1
    {4, 2},  // psqt cannon rank 4 file 2
    {2, 1},  // psqt cannon rank 4 file 3
    {8, 4},  // psqt cannon rank 4 file 4
    {0, 0},  // psqt cannon rank 5 file 0
    {0, 0},  // psqt cannon rank 5 file 1
    {0, 0},  // psqt cannon rank 5 file 2
    {2, 1},  // psqt cannon rank 5 file 3
    {8, 4},  // psqt cannon rank 5 file 4
    {0, 0},  // psqt cannon rank 6 file 0
    {0, 0},  // psqt cannon rank 6 file 1
    {-2, -1},  // psqt cannon rank 6 file 2
    {2, 1},  // psqt cannon rank 6 file 3
    {6, 3},  // psqt cannon rank 6 file 4
    {2, 1},  // psqt cannon rank 7 file 0
    {2, 1},  // psqt cannon rank 7 file 1
    {0, 0},  // psqt cannon rank 7 file 2
    {-6, -3},  // psqt cannon rank 7 file 3
    {-4, -2},  // psqt cannon rank 7 file 4
    {2, 1},  // psqt cannon rank 8 file 0
    {2, 1},  // psqt cannon rank 8 file 1
    {0, 0},  // psqt cannon rank 8 file 2
    {-4, -2},  // psqt cannon rank 8 file 3
    {-8, -4},  // psqt cannon rank 8 file 4
    {6, 3},  // psqt cannon rank 9 file 0
    {4, 2},  // psqt cannon rank 9 file 1
    {0, 0},  // psqt cannon rank 9 file 2
    {-4, -2},  // psqt cannon rank 9 file 3
    {-6, -3},  // psqt cannon rank 9 file 4
    {0, 0},  // psqt pawn rank 0 file 0
    {0, 0},  // psqt pawn rank 0 file 1
    {0, 0},  // psqt pawn rank 0 file 2
    {0, 0},  // psqt pawn rank 0 file 3
    {0, 0},  // psqt pawn rank 0 file 4
    {0, 0},  // psqt pawn rank 1 file 0
    {0, 0},  // psqt pawn rank 1 file 1
    {0, 0},  // psqt pawn rank 1 file 2
    {0, 0},  // psqt pawn rank 1 file 3
    {0, 0},  // psqt pawn rank 1 file 4
    {0, 0},  // psqt pawn rank 2 file 0
    {0, 0},  // psqt pawn rank 2 file 1
    {0, 0},  // psqt pawn rank 2 file 2
    {0, 0},  // psqt pawn rank 2 file 3
    {0, 0},  // psqt pawn rank 2 file 4
    {30, 30},  // psqt pawn rank 3 file 0
    {0, 0},  // psqt pawn rank 3 file 1
    {30, 30},  // psqt pawn rank 3 file 2
    {0, 0},  // psqt pawn rank 3 file 3
    {34, 32},  // psqt pawn rank 3 file 4
    {32, 35},  // psqt pawn rank 4 file 0
    {0, 0},  // psqt pawn rank 4 file 1
    {32, 35},  // psqt pawn rank 4 file 2
    {0, 0},  // psqt pawn rank 4 file 3
    {36, 38},  // psqt pawn rank 4 file 4
    {45, 55},  // psqt pawn rank 5 file 0
    {50, 60},  // psqt pawn rank 5 file 1
    {55, 65},  // psqt pawn rank 5 file 2
    {60, 70},  // psqt pawn rank 5 file 3
    {65, 75},  // psqt pawn rank 5 file 4
    {50, 65},  // psqt pawn rank 6 file 0
    {58, 72},  // psqt pawn rank 6 file 1
    {65, 80},  // psqt pawn rank 6 file 2
    {75, 90},  // psqt pawn rank 6 file 3
    {80, 95},  // psqt pawn rank 6 file 4
    {50, 70},  // psqt pawn rank 7 file 0
    {60, 80},  // psqt pawn rank 7 file 1
    {70, 90},  // psqt pawn rank 7 file 2
    {85, 100},  // psqt pawn rank 7 file 3
    {90, 105},  // psqt pawn rank 7 file 4
    {50, 70},  // psqt pawn rank 8 file 0
    {60, 80},  // psqt pawn rank 8 file 1
    {70, 90},  // psqt pawn rank 8 file 2
    {90, 105},  // psqt pawn rank 8 file 3
    {95, 110},  // psqt pawn rank 8 file 4
    {30, 40},  // psqt pawn rank 9 file 0
    {30, 40},  // psqt pawn rank 9 file 1
    {32, 45},  // psqt pawn rank 9 file 2
    {36, 50},  // psqt pawn rank 9 file 3
    {40, 55},  // psqt pawn rank 9 file 4
    {-24, -24},  // rook mobility 0
    {-21, -21},  // rook mobility 1
    {-18, -18},  // rook mobility 2
    {-15, -15},  // rook mobility 3
    {-12, -12},  // rook mobility 4
    {-9, -9},  // rook mobility 5
    {-6, -6},  // rook mobility 6
    {-3, -3},  // rook mobility 7
    {0, 0},  // rook mobility 8
    {3, 3},  // rook mobility 9
    {6, 6},  // rook mobility 10
    {9, 9},  // rook mobility 11
    {12, 12},  // rook mobility 12
    {15, 15},  // rook mobility 13
    {18, 18},  // rook mobility 14
    {21, 21},  // rook mobility 15
    {24, 24},  // rook mobility 16
    {27, 27},  // rook mobility 17
    {-32, -24},  // horse mobility 0
    {-24, -18},  // horse mobility 1
    {-16, -12},  // horse mobility 2
    {-8, -6},  // horse mobility 3
    {0, 0},  // horse mobility 4
    {8, 6},  // horse mobility 5
    {16, 12},  // horse mobility 6
    {24, 18},  // horse mobility 7
    {32, 24},  // horse mobility 8
    {-14, -14},  // cannon mobility 0
    {-12, -12},  // cannon mobility 1
    {-10, -10},  // cannon mobility 2
    {-8, -8},  // cannon mobility 3
    {-6, -6},  // cannon mobility 4
    {-4, -4},  // cannon mobility 5
    {-2, -2},  // cannon mobility 6
    {0, 0},  // cannon mobility 7
    {2, 2},  // cannon mobility 8
    {4, 4},  // cannon mobility 9
    {6, 6},  // cannon mobility 10
    {8, 8},  // cannon mobility 11
    {10, 10},  // cannon mobility 12
    {12, 12},  // cannon mobility 13
    {14, 14},  // cannon mobility 14
    {16, 16},  // cannon mobility 15
    {18, 18},  // cannon mobility 16
    {20, 20},  // cannon mobility 17
    {0, 0},  // king danger 0
    {0, 0},  // king danger 1
    {2, 0},  // king danger 2
    {4, 1},  // king danger 3
    {8, 2},  // king danger 4
    {12, 3},  // king danger 5
    {18, 4},  // king danger 6
    {24, 6},  // king danger 7
    {32, 8},  // king danger 8
    {40, 10},  // king danger 9
    {50, 12},  // king danger 10
    {60, 15},  // king danger 11
    {72, 18},  // king danger 12
    {84, 21},  // king danger 13
    {98, 24},  // king danger 14
    {112, 28},  // king danger 15
    {128, 32},  // king danger 16
    {144, 36},  // king danger 17
    {162, 40},  // king danger 18
    {180, 45},  // king danger 19
    {200, 50},  // king danger 20
    {220, 55},  // king danger 21
    {242, 60},  // king danger 22
    {264, 66},  // king danger 23
    {288, 72},  // king danger 24
    {312, 78},  // king danger 25
    {338, 84},  // king danger 26
    {364, 91},  // king danger 27
    {392, 98},  // king danger 28
    {400, 100},  // king danger 29
    {400, 100},  // king danger 30
    {400, 100},  // king danger 31
    {400, 100},  // king danger 32
    {400, 100},  // king danger 33
    {400, 100},  // king danger 34
    {400, 100},  // king danger 35
    {400, 100},  // king danger 36
    {400, 100},  // king danger 37
    {400, 100},  // king danger 38
    {400, 100},  // king danger 39
    {80, 30},  // cannon file open
    {20, 5},  // cannon file two screens
    {40, 20},  // cannon rank open
    {10, 5},  // cannon rank two screens
    {15, 10},  // rook pins to general
    {10, 5},  // missing advisor x rook
    {12, 6},  // missing advisor x horse
    {10, 5},  // missing advisor x cannon
    {8, 4},  // missing elephant x rook
    {4, 2},  // missing elephant x horse
    {12, 6},  // missing elephant x cannon
    {15, 25},  // linked soldiers
    {0, 0},  // advisor pair
    {0, 0},  // elephant pair
    {0, 0},  // hanging none
    {0, 0},  // hanging king
    {-10, -10},  // hanging advisor
    {-10, -10},  // hanging elephant
    {-25, -25},  // hanging horse
    {-40, -40},  // hanging rook
    {-25, -25},  // hanging cannon
    {-8, -8},  // hanging pawn
    {0, 0},  // threat by lesser none
    {0, 0},  // threat by lesser king
    {-5, -5},  // threat by lesser advisor
    {-5, -5},  // threat by lesser elephant
    {-25, -25},  // threat by lesser horse
    {-50, -50},  // threat by lesser rook
    {-25, -25},  // threat by lesser cannon
    {0, 0},  // threat by lesser pawn
    {8, 8},  // tempo
}};

}  // namespace qipan::xiangqi::eval
