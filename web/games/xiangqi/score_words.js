// Xiangqi's words for the engine's evaluation: a score a person reads, from
// red's view ("红方 +1.2", "Black mates in 3"), and the expected line in the
// player's notation ("炮二平五 马8进7 …"), for the thinking line and analysis.

// info: the searcher's {mate, redScore, pv: {<notation>: [moves]}}.
export function scoreWords(i18n, notation, info) {
  let score;
  if (info.mate) {
    score = i18n.t('xq_mate', { side: i18n.side(info.mate > 0 ? 0 : 1), n: Math.abs(info.mate) });
  } else {
    const pawns = (info.redScore || 0) / 100;
    score = i18n.t('xq_score', {
      side: i18n.side(0),
      score: (pawns > 0 ? '+' : pawns < 0 ? '−' : '±') + Math.abs(pawns).toFixed(1),
    });
  }
  const moves = (info.pv && info.pv[notation]) || [];
  return { score, line: moves.join(' ') };
}

// An analysis result in words, with the figures the page logs.
export function analysisWords(i18n, notation, result) {
  return { ...scoreWords(i18n, notation, result), redScore: result.redScore, mate: result.mate, depth: result.depth };
}
