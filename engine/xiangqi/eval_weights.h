// The xiangqi evaluation weights (layout: eval_params.h). Written by
// `qipan-lab tune xiangqi`; the first version came from the hand-made tables.
// Last fitted by: qipan-lab tune xiangqi --data selfplay.txt,fsf-games --iterations 2000
// (from the hand-made weights; the data, its recipe and hashes: lab/manifests/xiangqi-eval-weights.md).
#pragma once

#include "eval_params.h"

namespace qipan::xiangqi::eval {

inline constexpr Weights kWeights = {{
    {0, 0},  // material none
    {0, 0},  // material king
    {114, 78},  // material advisor
    {108, 70},  // material elephant
    {265, 281},  // material horse
    {621, 681},  // material rook
    {320, 272},  // material cannon
    {34, 38},  // material pawn
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
    {-11, -6},  // psqt king rank 0 file 3
    {25, 0},  // psqt king rank 0 file 4
    {0, 0},  // psqt king rank 1 file 0
    {0, 0},  // psqt king rank 1 file 1
    {0, 0},  // psqt king rank 1 file 2
    {-19, -2},  // psqt king rank 1 file 3
    {-20, -2},  // psqt king rank 1 file 4
    {0, 0},  // psqt king rank 2 file 0
    {0, 0},  // psqt king rank 2 file 1
    {0, 0},  // psqt king rank 2 file 2
    {-26, -8},  // psqt king rank 2 file 3
    {-22, -8},  // psqt king rank 2 file 4
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
    {-10, -16},  // psqt advisor rank 0 file 3
    {0, 0},  // psqt advisor rank 0 file 4
    {0, 0},  // psqt advisor rank 1 file 0
    {0, 0},  // psqt advisor rank 1 file 1
    {0, 0},  // psqt advisor rank 1 file 2
    {0, 0},  // psqt advisor rank 1 file 3
    {14, -8},  // psqt advisor rank 1 file 4
    {0, 0},  // psqt advisor rank 2 file 0
    {0, 0},  // psqt advisor rank 2 file 1
    {0, 0},  // psqt advisor rank 2 file 2
    {-8, -16},  // psqt advisor rank 2 file 3
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
    {4, -15},  // psqt elephant rank 0 file 2
    {0, 0},  // psqt elephant rank 0 file 3
    {0, 0},  // psqt elephant rank 0 file 4
    {0, 0},  // psqt elephant rank 1 file 0
    {0, 0},  // psqt elephant rank 1 file 1
    {0, 0},  // psqt elephant rank 1 file 2
    {0, 0},  // psqt elephant rank 1 file 3
    {0, 0},  // psqt elephant rank 1 file 4
    {-20, -15},  // psqt elephant rank 2 file 0
    {0, 0},  // psqt elephant rank 2 file 1
    {0, 0},  // psqt elephant rank 2 file 2
    {0, 0},  // psqt elephant rank 2 file 3
    {17, -8},  // psqt elephant rank 2 file 4
    {0, 0},  // psqt elephant rank 3 file 0
    {0, 0},  // psqt elephant rank 3 file 1
    {0, 0},  // psqt elephant rank 3 file 2
    {0, 0},  // psqt elephant rank 3 file 3
    {0, 0},  // psqt elephant rank 3 file 4
    {0, 0},  // psqt elephant rank 4 file 0
    {0, 0},  // psqt elephant rank 4 file 1
    {-10, -10},  // psqt elephant rank 4 file 2
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
    {-28, -11},  // psqt horse rank 0 file 1
    {0, 0},  // psqt horse rank 0 file 2
    {-6, -5},  // psqt horse rank 0 file 3
    {-6, -4},  // psqt horse rank 0 file 4
    {-8, -4},  // psqt horse rank 1 file 0
    {-1, 0},  // psqt horse rank 1 file 1
    {-1, -1},  // psqt horse rank 1 file 2
    {-2, -2},  // psqt horse rank 1 file 3
    {-12, -9},  // psqt horse rank 1 file 4
    {1, -1},  // psqt horse rank 2 file 0
    {3, 1},  // psqt horse rank 2 file 1
    {2, 5},  // psqt horse rank 2 file 2
    {6, 3},  // psqt horse rank 2 file 3
    {-1, 0},  // psqt horse rank 2 file 4
    {0, -1},  // psqt horse rank 3 file 0
    {6, 3},  // psqt horse rank 3 file 1
    {12, 7},  // psqt horse rank 3 file 2
    {12, 7},  // psqt horse rank 3 file 3
    {13, 12},  // psqt horse rank 3 file 4
    {3, 2},  // psqt horse rank 4 file 0
    {10, 7},  // psqt horse rank 4 file 1
    {17, 12},  // psqt horse rank 4 file 2
    {19, 12},  // psqt horse rank 4 file 3
    {16, 12},  // psqt horse rank 4 file 4
    {3, 3},  // psqt horse rank 5 file 0
    {14, 9},  // psqt horse rank 5 file 1
    {19, 14},  // psqt horse rank 5 file 2
    {24, 14},  // psqt horse rank 5 file 3
    {23, 12},  // psqt horse rank 5 file 4
    {8, 4},  // psqt horse rank 6 file 0
    {25, 16},  // psqt horse rank 6 file 1
    {19, 12},  // psqt horse rank 6 file 2
    {27, 17},  // psqt horse rank 6 file 3
    {21, 15},  // psqt horse rank 6 file 4
    {6, 4},  // psqt horse rank 7 file 0
    {17, 12},  // psqt horse rank 7 file 1
    {22, 17},  // psqt horse rank 7 file 2
    {23, 15},  // psqt horse rank 7 file 3
    {21, 15},  // psqt horse rank 7 file 4
    {4, 3},  // psqt horse rank 8 file 0
    {7, 6},  // psqt horse rank 8 file 1
    {19, 13},  // psqt horse rank 8 file 2
    {25, 19},  // psqt horse rank 8 file 3
    {4, 3},  // psqt horse rank 8 file 4
    {2, 1},  // psqt horse rank 9 file 0
    {-3, -1},  // psqt horse rank 9 file 1
    {5, 4},  // psqt horse rank 9 file 2
    {4, 4},  // psqt horse rank 9 file 3
    {-4, -3},  // psqt horse rank 9 file 4
    {-18, -6},  // psqt rook rank 0 file 0
    {15, 4},  // psqt rook rank 0 file 1
    {4, 2},  // psqt rook rank 0 file 2
    {12, 7},  // psqt rook rank 0 file 3
    {0, 0},  // psqt rook rank 0 file 4
    {-5, -2},  // psqt rook rank 1 file 0
    {4, 4},  // psqt rook rank 1 file 1
    {7, 4},  // psqt rook rank 1 file 2
    {3, 4},  // psqt rook rank 1 file 3
    {1, 0},  // psqt rook rank 1 file 4
    {2, 0},  // psqt rook rank 2 file 0
    {7, 4},  // psqt rook rank 2 file 1
    {6, 2},  // psqt rook rank 2 file 2
    {6, 5},  // psqt rook rank 2 file 3
    {0, 1},  // psqt rook rank 2 file 4
    {-1, -1},  // psqt rook rank 3 file 0
    {9, 4},  // psqt rook rank 3 file 1
    {5, 4},  // psqt rook rank 3 file 2
    {15, 8},  // psqt rook rank 3 file 3
    {15, 8},  // psqt rook rank 3 file 4
    {5, 3},  // psqt rook rank 4 file 0
    {14, 5},  // psqt rook rank 4 file 1
    {9, 5},  // psqt rook rank 4 file 2
    {13, 8},  // psqt rook rank 4 file 3
    {15, 7},  // psqt rook rank 4 file 4
    {9, 4},  // psqt rook rank 5 file 0
    {12, 7},  // psqt rook rank 5 file 1
    {13, 7},  // psqt rook rank 5 file 2
    {16, 10},  // psqt rook rank 5 file 3
    {17, 10},  // psqt rook rank 5 file 4
    {5, 3},  // psqt rook rank 6 file 0
    {18, 9},  // psqt rook rank 6 file 1
    {15, 10},  // psqt rook rank 6 file 2
    {19, 13},  // psqt rook rank 6 file 3
    {17, 10},  // psqt rook rank 6 file 4
    {5, 3},  // psqt rook rank 7 file 0
    {13, 5},  // psqt rook rank 7 file 1
    {5, 4},  // psqt rook rank 7 file 2
    {16, 9},  // psqt rook rank 7 file 3
    {14, 7},  // psqt rook rank 7 file 4
    {6, 3},  // psqt rook rank 8 file 0
    {16, 6},  // psqt rook rank 8 file 1
    {8, 4},  // psqt rook rank 8 file 2
    {16, 9},  // psqt rook rank 8 file 3
    {16, 9},  // psqt rook rank 8 file 4
    {5, 3},  // psqt rook rank 9 file 0
    {7, 3},  // psqt rook rank 9 file 1
    {7, 3},  // psqt rook rank 9 file 2
    {13, 7},  // psqt rook rank 9 file 3
    {15, 8},  // psqt rook rank 9 file 4
    {0, 0},  // psqt cannon rank 0 file 0
    {1, 0},  // psqt cannon rank 0 file 1
    {1, 0},  // psqt cannon rank 0 file 2
    {4, 0},  // psqt cannon rank 0 file 3
    {3, 1},  // psqt cannon rank 0 file 4
    {1, 0},  // psqt cannon rank 1 file 0
    {2, 2},  // psqt cannon rank 1 file 1
    {5, 2},  // psqt cannon rank 1 file 2
    {-4, 0},  // psqt cannon rank 1 file 3
    {6, 4},  // psqt cannon rank 1 file 4
    {11, 3},  // psqt cannon rank 2 file 0
    {0, 0},  // psqt cannon rank 2 file 1
    {6, 1},  // psqt cannon rank 2 file 2
    {8, 1},  // psqt cannon rank 2 file 3
    {24, 6},  // psqt cannon rank 2 file 4
    {1, -1},  // psqt cannon rank 3 file 0
    {2, 3},  // psqt cannon rank 3 file 1
    {2, 1},  // psqt cannon rank 3 file 2
    {3, 2},  // psqt cannon rank 3 file 3
    {7, 6},  // psqt cannon rank 3 file 4
    {-5, 0},  // psqt cannon rank 4 file 0
    {1, -1},  // psqt cannon rank 4 file 1
    {1, 0},  // psqt cannon rank 4 file 2
    {0, 1},  // psqt cannon rank 4 file 3
    {13, 6},  // psqt cannon rank 4 file 4
    {-2, 0},  // psqt cannon rank 5 file 0
    {2, 0},  // psqt cannon rank 5 file 1
    {0, 0},  // psqt cannon rank 5 file 2
    {-1, 1},  // psqt cannon rank 5 file 3
    {20, 6},  // psqt cannon rank 5 file 4
    {1, 1},  // psqt cannon rank 6 file 0
    {-7, -3},  // psqt cannon rank 6 file 1
    {-11, -5},  // psqt cannon rank 6 file 2
    {-1, 0},  // psqt cannon rank 6 file 3
    {11, 5},  // psqt cannon rank 6 file 4
    {2, 1},  // psqt cannon rank 7 file 0
    {-1, 1},  // psqt cannon rank 7 file 1
    {-2, -1},  // psqt cannon rank 7 file 2
    {-5, -3},  // psqt cannon rank 7 file 3
    {-4, -2},  // psqt cannon rank 7 file 4
    {3, 1},  // psqt cannon rank 8 file 0
    {-2, 3},  // psqt cannon rank 8 file 1
    {1, 0},  // psqt cannon rank 8 file 2
    {-3, -1},  // psqt cannon rank 8 file 3
    {-8, -4},  // psqt cannon rank 8 file 4
    {9, 7},  // psqt cannon rank 9 file 0
    {5, 2},  // psqt cannon rank 9 file 1
    {0, -2},  // psqt cannon rank 9 file 2
    {-5, -2},  // psqt cannon rank 9 file 3
    {-6, -4},  // psqt cannon rank 9 file 4
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
    {25, 43},  // psqt pawn rank 3 file 0
    {0, 0},  // psqt pawn rank 3 file 1
    {13, 27},  // psqt pawn rank 3 file 2
    {0, 0},  // psqt pawn rank 3 file 3
    {47, 41},  // psqt pawn rank 3 file 4
    {38, 38},  // psqt pawn rank 4 file 0
    {0, 0},  // psqt pawn rank 4 file 1
    {36, 40},  // psqt pawn rank 4 file 2
    {0, 0},  // psqt pawn rank 4 file 3
    {43, 42},  // psqt pawn rank 4 file 4
    {44, 56},  // psqt pawn rank 5 file 0
    {54, 64},  // psqt pawn rank 5 file 1
    {57, 67},  // psqt pawn rank 5 file 2
    {62, 75},  // psqt pawn rank 5 file 3
    {67, 77},  // psqt pawn rank 5 file 4
    {53, 68},  // psqt pawn rank 6 file 0
    {59, 74},  // psqt pawn rank 6 file 1
    {68, 84},  // psqt pawn rank 6 file 2
    {76, 92},  // psqt pawn rank 6 file 3
    {83, 94},  // psqt pawn rank 6 file 4
    {51, 71},  // psqt pawn rank 7 file 0
    {60, 80},  // psqt pawn rank 7 file 1
    {70, 88},  // psqt pawn rank 7 file 2
    {87, 102},  // psqt pawn rank 7 file 3
    {91, 105},  // psqt pawn rank 7 file 4
    {51, 72},  // psqt pawn rank 8 file 0
    {60, 82},  // psqt pawn rank 8 file 1
    {70, 88},  // psqt pawn rank 8 file 2
    {90, 97},  // psqt pawn rank 8 file 3
    {95, 111},  // psqt pawn rank 8 file 4
    {30, 39},  // psqt pawn rank 9 file 0
    {30, 38},  // psqt pawn rank 9 file 1
    {32, 42},  // psqt pawn rank 9 file 2
    {36, 47},  // psqt pawn rank 9 file 3
    {40, 51},  // psqt pawn rank 9 file 4
    {-24, -24},  // rook mobility 0
    {-25, -21},  // rook mobility 1
    {-25, -20},  // rook mobility 2
    {-20, -16},  // rook mobility 3
    {-11, -13},  // rook mobility 4
    {-5, -9},  // rook mobility 5
    {-3, -3},  // rook mobility 6
    {2, -1},  // rook mobility 7
    {5, 3},  // rook mobility 8
    {7, 6},  // rook mobility 9
    {6, 9},  // rook mobility 10
    {13, 11},  // rook mobility 11
    {15, 17},  // rook mobility 12
    {17, 20},  // rook mobility 13
    {18, 20},  // rook mobility 14
    {25, 24},  // rook mobility 15
    {21, 26},  // rook mobility 16
    {31, 29},  // rook mobility 17
    {-35, -26},  // horse mobility 0
    {-27, -23},  // horse mobility 1
    {-30, -18},  // horse mobility 2
    {-13, -8},  // horse mobility 3
    {1, 1},  // horse mobility 4
    {13, 6},  // horse mobility 5
    {22, 11},  // horse mobility 6
    {29, 19},  // horse mobility 7
    {35, 17},  // horse mobility 8
    {-14, -14},  // cannon mobility 0
    {-11, -12},  // cannon mobility 1
    {-9, -10},  // cannon mobility 2
    {-8, -8},  // cannon mobility 3
    {-3, -6},  // cannon mobility 4
    {-1, -3},  // cannon mobility 5
    {0, 0},  // cannon mobility 6
    {2, 1},  // cannon mobility 7
    {6, 2},  // cannon mobility 8
    {8, 5},  // cannon mobility 9
    {4, 6},  // cannon mobility 10
    {8, 8},  // cannon mobility 11
    {13, 10},  // cannon mobility 12
    {12, 11},  // cannon mobility 13
    {15, 14},  // cannon mobility 14
    {13, 15},  // cannon mobility 15
    {17, 18},  // cannon mobility 16
    {20, 20},  // cannon mobility 17
    {-9, 1},  // king danger 0
    {0, 0},  // king danger 1
    {-2, 2},  // king danger 2
    {3, -1},  // king danger 3
    {11, 1},  // king danger 4
    {14, 2},  // king danger 5
    {12, -2},  // king danger 6
    {26, 6},  // king danger 7
    {36, 10},  // king danger 8
    {44, 13},  // king danger 9
    {52, 10},  // king danger 10
    {61, 16},  // king danger 11
    {72, 18},  // king danger 12
    {85, 21},  // king danger 13
    {100, 26},  // king danger 14
    {112, 28},  // king danger 15
    {129, 33},  // king danger 16
    {144, 36},  // king danger 17
    {161, 40},  // king danger 18
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
    {90, 30},  // cannon file open
    {35, 10},  // cannon file two screens
    {40, 20},  // cannon rank open
    {13, 6},  // cannon rank two screens
    {22, 17},  // rook pins to general
    {14, 6},  // missing advisor x rook
    {25, -2},  // missing advisor x horse
    {-6, -17},  // missing advisor x cannon
    {5, 13},  // missing elephant x rook
    {14, -17},  // missing elephant x horse
    {9, -6},  // missing elephant x cannon
    {16, 23},  // linked soldiers
    {-4, -21},  // advisor pair
    {-4, -22},  // elephant pair
    {0, 0},  // hanging none
    {0, 0},  // hanging king
    {-10, -11},  // hanging advisor
    {-13, -11},  // hanging elephant
    {-25, -28},  // hanging horse
    {-35, -37},  // hanging rook
    {-30, -26},  // hanging cannon
    {-22, -16},  // hanging pawn
    {0, 0},  // threat by lesser none
    {0, 0},  // threat by lesser king
    {-5, 3},  // threat by lesser advisor
    {-6, -5},  // threat by lesser elephant
    {-24, -24},  // threat by lesser horse
    {-46, -47},  // threat by lesser rook
    {-26, -25},  // threat by lesser cannon
    {0, 0},  // threat by lesser pawn
    {11, 4},  // tempo
}};

}  // namespace qipan::xiangqi::eval
