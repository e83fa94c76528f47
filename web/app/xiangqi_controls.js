// A bridge until the page shell offers the new game hooks itself
// (docs/page-contract.md: offer draw, analyse, continue from here, download).
// XiangqiApp adds these toolbar buttons only on a shell without outcomeFor;
// each calls the same hook the shell will call, so nothing here decides.

const CONTROLS = [
  ['offerDraw', 'xq_offerDraw', (app) => app.offerDraw()],
  ['analyse', 'xq_analyse', async (app) => {
    const text = await app.analyse();
    if (text) app.toast(app.i18n.t('xq_analysis', text));
  }],
  ['continueFromHere', 'xq_continue', (app) => app.continueFromHere()],
  ['download', 'xq_download', (app) => download(app.recordFile())],
];

function download({ name, mime, text }) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// A row of buttons in the side panel, above the move list (the toolbar is
// full on a phone).
export function addMissingControls(app) {
  const panel = app.root.querySelector('.panel');
  if (!panel || panel.querySelector('.xq-actions')) return;
  const row = document.createElement('div');
  row.className = 'xq-actions';
  row.dataset.game = 'xiangqi';
  row.style.cssText = 'display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0;'; // the shell's CSS knows no such row
  panel.insertBefore(row, panel.querySelector('.moves-head'));
  for (const [action, label, run] of CONTROLS) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.xqAction = action;
    button.dataset.i18n = label; // Panels.translate() relabels it with the language
    button.textContent = app.i18n.t(label);
    button.addEventListener('click', (e) => {
      e.preventDefault();
      run(app);
    });
    row.append(button);
  }
}
