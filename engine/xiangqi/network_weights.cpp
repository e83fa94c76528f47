// The trained evaluation network: network_weights.inc is written by
// `qipan-lab train xiangqi-network` (the command that made it heads the file).
#include "network.h"

namespace qipan::xiangqi::network {

const Weights kWeights = {
#include "network_weights.inc"
};

}  // namespace qipan::xiangqi::network
