// One console saving rules (two of these run at once in editor.test.ts):
// `node --import tsx save-rules-child.ts FILE PREFIX COUNT`, each rule named
// PREFIX-i; prints how many saves said "saved".
import { addRuleToFile } from '../../src/files/rules-file-write.js';

const [file, prefix, count] = process.argv.slice(2);
let saved = 0;
for (let i = 0; i < Number(count); i++) {
  const result = addRuleToFile(file!, {
    name: `${prefix}-${i}`,
    match: { agent: 'codex', tool: 'Bash' },
    decide: { option: 'allow' },
  });
  if (result.ok) saved++;
  else process.stderr.write(`${result.reason}\n`);
}
process.stdout.write(`${saved}\n`);
