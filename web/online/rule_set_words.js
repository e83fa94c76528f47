// The rule set of a seek in the player's words, for every game
// whose `options.rules` names one (xiangqi: 'asian', 'chinese', 'simple');
// a game whose rules are options by name (checkers) has no one name, and
// gets none here. A rule set this page has no words for (a newer server's)
// is shown by its name. Pure: an I18n and the options in, text out.

export function ruleSetName(i18n, options) {
  const rules = options?.rules;
  if (typeof rules !== 'string' || !rules) return '';
  const key = `onlineRuleSet_${rules}`;
  const text = i18n.t(key);
  return text === key ? rules : text;
}
