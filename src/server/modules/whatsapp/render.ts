import { userLine } from '../../platform/messages/user-line';
import { WHATSAPP_LIMITS as L, type WhatsAppOutgoing } from './messages';

/** A numbered line of a USSD screen ("1. Buy", "98. More", "0. Back"): one choice. */
const CHOICE = /^(\d{1,2})\. (.+)$/;

/** A choice's id: the screen it was offered on and its number, so a tap on an old list is known as such. */
export const choiceId = (screen: string, key: string) => `${screen}|${key}`;

/** The number a choice stands for, if it was offered on this screen (else undefined: an old list). */
export function choiceKey(id: string | undefined, screen: string): string | undefined {
  const [at, key] = (id ?? '').split('|');
  return at === screen && key !== undefined && /^\d{1,2}$/.test(key) ? key : undefined;
}

/** A label ending in a price, as the menus write a listing. */
const PRICED = /^(.+) (GHS [\d,]+\.\d\d)$/;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * A USSD screen's text as a WhatsApp message (issue 42): its numbered lines become reply buttons
 * (three at most) or a list's rows (ten at most), the other lines the message's body. One
 * definition of the menus (ussd/menus), drawn for a chat; every title within WHATSAPP_LIMITS.
 */
export function renderScreen(text: string, screen: string, listButton: string): WhatsAppOutgoing {
  const lines = text.split('\n');
  const choices = lines.map((line) => CHOICE.exec(line)).filter((m): m is RegExpExecArray => m !== null).map((m) => ({ key: m[1]!, label: m[2]! }));
  const said = lines.filter((line) => !CHOICE.test(line));
  if (choices.length === 0) return { type: 'text', body: cut(text, L.textBody) };
  if (choices.length <= L.buttons) {
    const buttons = choices.map((c) => ({ id: choiceId(screen, c.key), title: userLine(c.label, L.buttonTitle) }));
    // A title cut to fit a button keeps its whole words in the body above it.
    const whole = choices.filter((c, i) => buttons[i]!.title !== c.label && c.key !== '0').map((c) => `${c.key}. ${c.label}`);
    return { type: 'buttons', body: cut([...said, ...whole].join('\n') || '…', L.body), buttons };
  }
  // Back goes first when the rows are too many: "0" still works typed, and "menu" starts again.
  const rows = (choices.length > L.listRows ? choices.filter((c) => c.key !== '0') : choices).slice(0, L.listRows);
  return {
    type: 'list',
    body: cut(said.join('\n') || '…', L.body),
    button: userLine(listButton, L.listButton),
    sections: [
      {
        rows: rows.map((c) => {
          const id = choiceId(screen, c.key);
          if (c.label.length <= L.rowTitle) return { id, title: c.label };
          // A listing's row ("Orange-fleshed Sweet Potato GHS 180.00"): its name the title, its price always in the description.
          const priced = PRICED.exec(c.label);
          const title = userLine(priced ? priced[1]! : c.label, L.rowTitle);
          return { id, title, description: cut(priced ? `${priced[2]} · ${priced[1]}` : c.label, L.rowDescription) };
        }),
      },
    ],
  };
}
