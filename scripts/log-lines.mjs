// How the launcher shows its processes' log lines. The processes log JSON (pino); on a terminal, outside
// production, each event becomes one readable line (time, level, message, its fields). Anywhere else (a pipe,
// a file, NODE_ENV=production) the JSON passes through unchanged, for log collectors. Lines that are not pino
// JSON (tsc, Vite, the fake YouTube) always pass unchanged.
import { prettyFactory } from 'pino-pretty';

/** Readable lines only for a person at a terminal, never in production. */
export function prettyLogsWanted(stdout, env) {
  return Boolean(stdout.isTTY) && env.NODE_ENV !== 'production';
}

/** The parsed event when `line` is one of pino's JSON lines; undefined otherwise. */
function pinoEvent(line) {
  if (!line.startsWith('{')) return undefined;
  try {
    const event = JSON.parse(line);
    return typeof event === 'object' && event !== null && typeof event.level === 'number' && 'time' in event
      ? event
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The message, led by Nest's context (and by the service when several share the process, which the prefix then
 * does not name) and followed by a finished request's method, path, status and time.
 */
function message(event, messageKey, showService) {
  const text = event[messageKey] ?? '';
  const leads = [showService ? event.service : undefined, event.context].filter(Boolean);
  const lead = [...leads, text].join(': ');
  const { req, res } = event;
  if (!req || !res) return lead;
  const took = event.responseTime === undefined ? '' : ` in ${event.responseTime} ms`;
  return `${lead}: ${req.method} ${req.url} → ${res.statusCode}${took}`;
}

/**
 * `(line) => text` for one relayed line. The text has no trailing newline; an error's stack makes it several
 * lines. `showService` names each event's service (every service in one process).
 */
export function lineFormatter({ pretty, colour, showService = false }) {
  if (!pretty) return (line) => line;
  const prettify = prettyFactory({
    colorize: colour,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // The relay's prefix already names the process.
    ignore: 'pid,hostname,service,name,context,req,res,responseTime',
    messageFormat: (event, messageKey) => message(event, messageKey, showService),
  });
  return (line) => {
    const event = pinoEvent(line);
    if (!event) return line;
    try {
      return prettify(event).replace(/ +\n/g, '\n').trimEnd();
    } catch {
      // A line the launcher cannot show readably is still shown, never lost.
      return line;
    }
  };
}
