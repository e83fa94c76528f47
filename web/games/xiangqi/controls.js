// Xiangqi's own controls, mounted by the shell into its slots
// (web/app/game_controls.js): turning the board, the move list's notation,
// the piece style, the rule set on the new-game screen, and the panel's line
// naming the rules in force (with, after a repetition ruling, a button that
// steps through the cycle). Their actions are the controller's
// (controlActions, the notation select's listener, the new-game hooks).
import { RULES_CONTROL } from './rule_sets.js';

export const CONTROLS = {
  newGame: RULES_CONTROL,
  panel: `<p class="xq-rules" id="xq-rules"><span id="xq-rules-text"></span> <button type="button" data-action="xq-cycle" data-i18n="xq_showCycle" hidden></button></p>`,
  menu: '<button type="button" data-action="flip" data-i18n="flip"></button>',
  moves: `<select id="notation" data-i18n-aria="notation">
  <option value="chinese" data-i18n="notationChinese"></option><option value="wxf" data-i18n="notationWxf"></option><option value="iccs" data-i18n="notationIccs"></option>
</select>`,
  settings: `<label><span data-i18n="pieceStyle"></span> <select name="pieceStyle"><option value="chinese" data-i18n="chinese"></option><option value="western" data-i18n="western"></option></select></label>`,
};
