/**
 * Clauses said another way, read as the plain clause they mean, before any family reads them:
 * "Name the page "Compost Notes"" is "type "Compost Notes" as the name", "continue to page 2" is
 * "click next", "press the browser's Back button" is "go back".
 *
 * Each rewrite works on a clause as the reader holds it: lower case, quoted names as q0, q1, …,
 * addresses as u0, …. They apply in the order listed, each to what the one before left; each
 * carries examples (clause → rewritten clause), checked by the reading test.
 */

export interface Rewrite {
  what: string;
  from: RegExp;
  to: string | ((...m: string[]) => string);
  examples: [string, string][];
}

export const REWRITES: Rewrite[] = [
  {
    what: 'a name or title given to what is made is the value typed as its name or title',
    from: /^(name|title|label|caption)\s+(?!it\s)(?:the |this |that |your |my |the new )?(?:[\w-]+\s+)?(q\d+)$/,
    to: (_m, what, value) => `type ${value} as the ${what}`,
    examples: [['name the page q0', 'type q0 as the name'], ['title the post q0', 'type q0 as the title']],
  },
  {
    what: 'a user name with its password: two fields, each with its value',
    from: /^(enter|type|fill in|put in)\s+(?:the |your |a )?(user ?name|login|e-?mail(?: address)?|name|user)\s+(q\d+|\S+)\s+(?:with|and)\s+(?:the |a |your )?(password|passcode|pin|secret)\s+(q\d+|\S+)$/,
    to: '$1 the $2 $3 and the $4 $5',
    examples: [['enter the username q0 with the password spokes-2027', 'enter the username q0 and the password spokes-2027']],
  },
  {
    what: 'a user name given as the login, with its password: two fields, each with its value',
    from: /^(enter|type|fill in|put in|use)\s+(q\d+|\S+)\s+as\s+(?:the |your |a )?(user ?name|login|log-?in name|e-?mail(?: address)?|user)\s+(?:with|and)\s+(?:the |a |your )?(password|passcode|pin|secret)\s+(q\d+|\S+)$/,
    to: (_m, verb, user, field, secret, value) => `${verb === 'use' ? 'enter' : verb} the ${field} ${user} and the ${secret} ${value}`,
    examples: [['enter helen as the login with the password q0', 'enter the login helen and the password q0']],
  },
  {
    what: 'a field made or set to a value: the field named, then what goes in it',
    from: /^((?:in|on|inside|within) the [\w -]+?,? )?(?:make|set) (?:the|its) ([a-z][\w-]*(?: (?!to\b|as\b|with\b)[a-z][\w-]*)*?) (q\d+|\S*[:@._/\d]\S*)$/,
    to: (_m, where, what, value) => `${where ?? ''}type ${value} as the ${what}`,
    examples: [['make the key shop:phone', 'type shop:phone as the key'], ['set the port 8080', 'type 8080 as the port']],
  },
  {
    what: 'a thing named without quotes: the last word after the kind of thing',
    from: /^(name|title|call)\s+(?:the |this |that |your |my |the new )(?:new )?[a-z][\w-]*\s+([\w.-]+)$/,
    to: (_m, what, value) => `type ${value} as the ${what === 'call' ? 'name' : what}`,
    examples: [['name the job newsletter', 'type newsletter as the name'], ['call the new queue mailer', 'type mailer as the name']],
  },
  {
    what: 'a thing assigned to someone: that person chosen as its assignee',
    from: /^(?:re-?)?assign\s+(?:it|this|that|them|the (?:issue|ticket|task|bug|card|item|story|job|case))\s+to\s+(q\d+|[\w.@' -]+)$/,
    to: 'choose $1 as the assignee',
    examples: [['assign it to omar haddad', 'choose omar haddad as the assignee']],
  },
  {
    what: "a question's answer changed: chosen, not typed",
    from: /^(?:change|set|switch|update)\s+(?:the |your |my |this )?(?:answer|choice|selection|response|option)\s+to\s+(q\d+|.+)$/,
    to: 'choose $1',
    examples: [['change the answer to q0', 'choose q0']],
  },
  {
    what: "continuing to the next page or step: the form's or list's Next",
    from: /^(?:continue|go on|move on|proceed|carry on|go|move)\s+(?:on\s+)?to\s+(?:the\s+)?(?:(?:next|following|second|third)\s+(?:page|step)|page \d+|step \d+)$/,
    to: 'click next',
    examples: [['continue to page 2', 'click next'], ['go on to the next page', 'click next']],
  },
  {
    what: "going on to a form's last page: its Next, as long as there is one",
    from: /^(?:go|move|continue|proceed|carry on|skip|jump|page|click|step|get)\s+(?:on\s+)?(?:through\s+)?(?:to\s+the\s+(?:last|final)\s+(?:page|step)|(?:through\s+)?to\s+the\s+end)(?:\s+of\s+the\s+(?:form|survey|wizard|questionnaire|application|quiz))?$/,
    to: 'click next until the last page',
    examples: [['go on to the last page', 'click next until the last page'], ['skip to the end of the survey', 'click next until the last page']],
  },
  {
    what: 'a key pressed instead of another: the key pressed',
    from: /^(press|hit|tap|use)\s+(.+?)\s+(?:instead of|rather than|not)\s+(?:pressing\s+|hitting\s+)?(?:the\s+)?[\w-]+(?:\s+key)?$/,
    to: '$1 $2',
    examples: [['press escape instead of enter', 'press escape']],
  },
  {
    what: "the browser's Back button: the browser goes back",
    from: /^(?:press|click|hit|use|tap)\s+(?:on\s+)?(?:the\s+)?(?:browser(?:'s)?|web browser(?:'s)?)\s+back(?:\s+(?:button|arrow))?$|^go back (?:in|with) the browser$/,
    to: 'go back',
    examples: [["press the browser's back button", 'go back'], ['go back in the browser', 'go back']],
  },
  {
    what: 'what is not done says nothing more (a label "Continue without saving" is quoted, so it stays)',
    from: /\s+without\s+(?:first\s+)?[a-z]+ing\s+(?:(?:in|out|up)\s+)?(?:anything|something|any|a|an|the|them|it|first|in)\b.*$/,
    to: '',
    examples: [['click next without filling anything in', 'click next']],
  },
  {
    what: 'what a request is run with, when that is what is there already, says nothing more',
    from: /^((?:execute|run|submit|send|save|apply)\s+(?:it|them|this|that|the (?:request|query|form|call)))\s+with\s+(?:the\s+|its\s+|an?\s+)?(?:example|default|sample|given|prefilled|pre-filled|suggested|same)\b.*$/,
    to: '$1',
    examples: [['execute it with the example body', 'execute it']],
  },
  {
    what: 'a colon before the value written out into a place says nothing more',
    from: /^(write|type|enter|paste|put|insert|input)\s+(?:in\s+)?(?:this|the following|the|a|an|following)?\s*(?:[\w-]+\s+)?(in|into)\s+(the [\w -]+?):\s+(q\d+)$/,
    to: '$1 $4 into $3',
    examples: [['write this query in the editor: q0', 'write q0 into the editor']],
  },
  {
    what: 'a colon before the value after with / to / as says nothing more',
    from: /\b(with|to|as):\s+(q\d+)$/,
    to: '$1 $2',
    examples: [['replace it with: q0', 'replace it with q0']],
  },
  {
    what: "the value for a column or field, said first: the value, as the field's",
    from: /^for (?:the )?([\w -]+?)(?: column| field| setting| option| box)?,?\s+(pick|choose|select|enter|type|put|set)\s+(.+?)(?:\s+in (?:its|the|that) (?:drop-?down|drop down|box|field|list|select|menu))?$/,
    to: '$2 $3 as the $1',
    examples: [['for the genre column pick science in its drop-down', 'pick science as the genre']],
  },
];

/** An action clause with every rewrite applied in turn. */
export function rewriteAction(clause: string): string {
  let c = clause;
  for (const r of REWRITES) c = typeof r.to === 'string' ? c.replace(r.from, r.to) : c.replace(r.from, r.to);
  return c;
}
