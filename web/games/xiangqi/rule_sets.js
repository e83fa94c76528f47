// The rule set that rules a repetition (engine/xiangqi/repetition_rules.h):
// the player picks it on the new-game screen, it is remembered with the
// seats, the engine's session plays under it (startGame({rules})) and the
// game panel names the one in force. The rules themselves are the engine's.

import { twoSeatSettings } from '../../app/seat_settings.js';

export const RULE_SETS = ['asian', 'chinese', 'simple'];
export const DEFAULT_RULES = 'asian';

export const ruleSetOf = (value) => (RULE_SETS.includes(value) ? value : DEFAULT_RULES);

// The seats' settings with the rule set (a saved value that is no rule set
// reads as the default).
export function xiangqiSeats() {
  const seats = twoSeatSettings({ rules: DEFAULT_RULES });
  return {
    defaults: seats.defaults,
    read: (saved) => {
      const read = seats.read(saved);
      read.rules = ruleSetOf(read.rules);
      return read;
    },
  };
}

// The choice on the new-game screen (controls.js mounts it in its slot).
export const RULES_CONTROL = `<label class="new-option"><span data-i18n="xq_rules"></span> <select name="rules">${RULE_SETS.map(
  (rules) => `<option value="${rules}" data-i18n="xq_rules_${rules}"></option>`,
).join('')}</select></label>`;

// app: the xiangqi controller. The new-game screen shows the stored choice
// and stores the one the player starts with.
export function showRulesChoice(app, form) {
  if (form.rules) form.rules.value = ruleSetOf(app.settings[app.id].rules);
}

export function takeRulesChoice(app, form) {
  if (form.rules) app.settings[app.id].rules = ruleSetOf(form.rules.value);
}

// The rule set a new game starts under: the stored choice.
export function chosenRules(app) {
  return ruleSetOf(app.settings[app.id].rules);
}

// "规则：亚洲规则" / "Rules: Asian rules", for the game shown.
export function rulesLine(i18n, snap) {
  return i18n.t('xq_rulesLine', { rules: i18n.t(`xq_rules_${ruleSetOf(snap.rules)}`) });
}
