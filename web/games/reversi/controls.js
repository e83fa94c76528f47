// Reversi's own controls, mounted by the shell into its slots
// (web/app/game_controls.js): the disc counts and the evaluation graph
// beside the move list, and the GGF copy of the import/export dialog.
export const CONTROLS = {
  panel: `<div class="counts" id="counts"></div>
<canvas id="eval-graph" aria-hidden="true"></canvas>`,
  record: '<button type="button" data-action="copy-ggf" data-i18n="copyGgf"></button>',
};
