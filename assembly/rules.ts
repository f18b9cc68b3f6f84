// Rule registry. Every rule is declared with defineRule() next to its logic (one file per rule
// or per small rule family under assembly/validators/<validator>/). The host reads this table
// through rules_meta() to build the README rule table, SARIF rule descriptors and JSON output.

export class Rule {
  index: i32 = 0;
  constructor(
    public id: string,
    public validator: string,
    public severity: i32,
    public title: string,
    public description: string,
  ) {}
}

export const RULES: Rule[] = [];

export function defineRule(id: string, validator: string, severity: i32, title: string, description: string): Rule {
  const r = new Rule(id, validator, severity, title, description);
  r.index = RULES.length;
  RULES.push(r);
  return r;
}

function clean(s: string): string {
  return s.replaceAll("\t", " ").replaceAll("\n", " ");
}

/** One line per rule: index, id, validator, severity, title, description (tab-separated). */
export function rulesTable(): string {
  const parts: string[] = [];
  for (let i = 0; i < RULES.length; i++) {
    const r = RULES[i];
    parts.push(
      i.toString() + "\t" + clean(r.id) + "\t" + clean(r.validator) + "\t" + r.severity.toString() + "\t" +
        clean(r.title) + "\t" + clean(r.description),
    );
  }
  return parts.join("\n");
}
