import type { Command } from 'commander';
import { SvcError } from '../../src/contract/errors.js';
import type { Runtime } from '../runtime.js';

interface Node {
  path: string[];
  subcommands: string[];
  flags: string[];
}

/** Every command of the tree with its subcommands and long flags (global flags belong to the root). */
function walk(c: Command, path: string[] = []): Node[] {
  const subcommands = c.commands.map((s) => s.name());
  const flags = c.options.map((o) => o.long).filter((x): x is string => !!x);
  return [{ path, subcommands, flags: [...flags, '--help'] }, ...c.commands.flatMap((s) => walk(s, [...path, s.name()]))];
}

function bash(nodes: Node[], globals: string[]): string {
  const cases = nodes
    .map((n) => `    "${n.path.join(' ')}") words="${[...n.subcommands, ...n.flags].join(' ')}" ;;`)
    .join('\n');
  return `# svc completion for bash: add to ~/.bashrc
#   source <(svc completion bash)
_svc_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" w i
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case "$w" in
      ${globals.join('|')}) i=$((i + 1)) ;;
      -*) ;;
      *) path="\${path:+$path }$w" ;;
    esac
  done
  local words=""
  while :; do
    case "$path" in
${cases}
      *) if [[ "$path" == *" "* ]]; then path="\${path% *}"; continue; fi; words="" ;;
    esac
    break
  done
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _svc_complete svc
`;
}

function zsh(nodes: Node[], globals: string[]): string {
  const body = bash(nodes, globals).split('\n').filter((l) => !l.startsWith('#')).join('\n');
  return `#compdef svc\n# svc completion for zsh: add to ~/.zshrc\n#   source <(svc completion zsh)\nautoload -U +X bashcompinit && bashcompinit\n${body}`;
}

function fish(nodes: Node[]): string {
  const lines = ['# svc completion for fish: svc completion fish > ~/.config/fish/completions/svc.fish'];
  for (const n of nodes) {
    const cond = n.path.length === 0 ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${n.path[n.path.length - 1]}`;
    if (n.subcommands.length) lines.push(`complete -c svc -f -n '${cond}' -a '${n.subcommands.join(' ')}'`);
    for (const f of n.flags) lines.push(`complete -c svc -f -n '${cond}' -l ${f.replace(/^--/, '')}`);
  }
  return `${lines.join('\n')}\n`;
}

export function registerCompletion(program: Command, rt: Runtime): void {
  program
    .command('completion')
    .argument('<shell>', 'bash | zsh | fish')
    .addHelpText('after', '\nExamples:\n  source <(svc completion bash)        # in ~/.bashrc\n  source <(svc completion zsh)         # in ~/.zshrc\n  svc completion fish > ~/.config/fish/completions/svc.fish\n')
    .action((shell: string) => {
      const nodes = walk(program).filter((n) => n.path[0] !== 'completion' || n.path.length === 1);
      const globals = program.options.filter((o) => o.required || o.optional).map((o) => o.long!).filter(Boolean);
      const script = shell === 'bash' ? bash(nodes, globals) : shell === 'zsh' ? zsh(nodes, globals) : shell === 'fish' ? fish(nodes) : undefined;
      if (!script) throw new SvcError('VALIDATION_ERROR', `no completion for shell '${shell}'`, { nextAction: 'Use one of: svc completion bash, svc completion zsh, svc completion fish.' });
      rt.io.out(script);
    });
}
