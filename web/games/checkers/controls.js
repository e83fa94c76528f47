// Chinese checkers' own controls, mounted by the shell into its slots
// (web/app/game_controls.js): the seats' bar over the board (seat_bar.js),
// the End turn button of a hop-by-hop chain (chain_input.js) and its own
// new-game screen with the rule options (new_game_dialog.js).
export const CONTROLS = {
  board: `<div class="cc-bar" id="cc-bar"></div>
<button type="button" class="cc-end-turn" id="cc-end-turn" data-i18n="endTurn" hidden></button>`,
  dialogs: `<dialog id="cc-new-dialog">
  <form method="dialog">
    <h2 data-i18n="newGame"></h2>
    <label><span data-i18n="players"></span> <select name="count"><option value="2">2</option><option value="3">3</option><option value="4">4</option><option value="6">6</option></select></label>
    <div class="cc-seats" id="cc-seats"></div>
    <label class="cc-multi"><span data-i18n="multiplayerEnd"></span> <select name="multiplayerEnd"><option value="firstWins" data-i18n="firstWins"></option><option value="playOn" data-i18n="playOn"></option></select></label>
    <details class="cc-more">
      <summary data-i18n="moreRules"></summary>
      <label><span data-i18n="winRule"></span> <select name="winRule"><option value="filled" data-i18n="winFilled"></option><option value="strict" data-i18n="winStrict"></option></select></label>
      <label><span data-i18n="goalLock"></span> <select name="goalLock"><option value="on" data-i18n="on2"></option><option value="off" data-i18n="off2"></option></select></label>
      <label><span data-i18n="parking"></span> <select name="parking"><option value="allowed" data-i18n="parkAllowed"></option><option value="passThrough" data-i18n="parkPass"></option></select></label>
      <label><span data-i18n="firstPlayer"></span> <select name="firstPlayer"><option value="p1" data-i18n="firstP1"></option><option value="random" data-i18n="firstRandom"></option><option value="alternate" data-i18n="firstAlternate"></option></select></label>
      <label><span data-i18n="longJumps"></span> <select name="longJumps"><option value="off" data-i18n="off2"></option><option value="on" data-i18n="on2"></option></select></label>
      <label class="cc-two"><span data-i18n="equalTurns"></span> <select name="equalTurns"><option value="off" data-i18n="off2"></option><option value="on" data-i18n="on2"></option></select></label>
    </details>
    <menu><button value="cancel" data-i18n="cancel"></button><button value="start" data-i18n="start" class="primary"></button></menu>
  </form>
</dialog>`,
};
