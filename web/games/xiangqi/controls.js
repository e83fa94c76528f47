// Xiangqi's own controls, mounted by the shell into its slots
// (web/app/game_controls.js): turning the board, the move list's notation
// and the piece style. Their actions are the controller's (controlActions,
// the notation select's listener).
export const CONTROLS = {
  menu: '<button type="button" data-action="flip" data-i18n="flip"></button>',
  moves: `<select id="notation" data-i18n-aria="notation">
  <option value="chinese" data-i18n="notationChinese"></option><option value="wxf" data-i18n="notationWxf"></option><option value="iccs" data-i18n="notationIccs"></option>
</select>`,
  settings: `<label><span data-i18n="pieceStyle"></span> <select name="pieceStyle"><option value="chinese" data-i18n="chinese"></option><option value="western" data-i18n="western"></option></select></label>`,
};
