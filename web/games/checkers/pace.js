// The pace of a Chinese checkers game on the page: the pause before an AI
// move (after the previous move has landed, so people can follow a run of
// AI moves) and before a forced pass, and the animation speed. Tests and
// demos speed them up from the page address: ?aiPause=ms&anim=scale.

const AI_PAUSE_MS = 400;
export const PASS_PAUSE_MS = 700;

export function speedFromAddress() {
  const params = new URLSearchParams(globalThis.location ? location.search : '');
  const number = (key, fallback) => {
    const v = Number(params.get(key));
    return params.has(key) && Number.isFinite(v) && v >= 0 ? v : fallback;
  };
  return { aiPauseMs: number('aiPause', AI_PAUSE_MS), animScale: number('anim', 1) };
}
