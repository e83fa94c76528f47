// A game's own controls on the page: the markup its definition gives per
// slot (`controls`: {slot: html}), put where shell.html marks that slot
// (<template data-controls="slot">) while the game is shown, and taken away
// when another game is. The slots: menu (the toolbar's overflow menu), board
// (over the board), panel (above the move list), moves (beside its heading),
// settings, record (the import/export dialog's buttons), newGame (the
// new-game dialog's options under the seats) and dialogs.

const MOUNTED = 'data-game-control';

export function mountControls(root, controls = {}) {
  for (const [slot, markup] of Object.entries(controls)) {
    const marker = root.querySelector(`template[data-controls="${slot}"]`);
    if (!marker) throw new Error(`shell.html has no slot "${slot}" for a game's controls`);
    const parsed = document.createElement('template');
    parsed.innerHTML = markup;
    const nodes = [...parsed.content.children];
    for (const node of nodes) node.setAttribute(MOUNTED, slot);
    marker.before(...nodes);
  }
}

export function unmountControls(root) {
  for (const node of root.querySelectorAll(`[${MOUNTED}]`)) node.remove();
}
