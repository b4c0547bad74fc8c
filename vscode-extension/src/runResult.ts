// Reading the arguments and the answer of the `runic.run` command (DESIGN.md: arguments
// `{uri, entry, dataset}`; the answer carries the results and timings) into what the extension
// shows: lines for the output channel and one short line shown inline after the entry point.
// The answer's exact shape belongs to the server; this reads the fields it names and prints
// anything else as JSON rather than dropping it. Free of the `vscode` module.

export interface RunArguments {
  uri: string;
  entry: string;
  dataset?: unknown;
}

/** The entry point defined at or above line `line` of `lines` (`entry NAME`), if any. */
export function entryAtOrAbove(lines: string[], line: number): string | undefined {
  for (let i = Math.min(line, lines.length - 1); i >= 0; i--) {
    const match = /^\s*entry\s+([A-Za-z_][A-Za-z0-9_']*)/.exec(lines[i]);
    if (match) return match[1];
  }
  return undefined;
}

/** The `{uri, entry, dataset}` object among a command's arguments, if there is one. */
export function runArguments(args: unknown[]): RunArguments | undefined {
  const first = args[0];
  if (typeof first !== "object" || first === null) return undefined;
  const { uri, entry, dataset } = first as Record<string, unknown>;
  if (typeof uri !== "string" || typeof entry !== "string") return undefined;
  return { uri, entry, dataset };
}

export interface FormattedRun {
  /** Lines for the output channel. */
  lines: string[];
  /** One short line for the inline decoration. */
  summary: string;
  failed: boolean;
}

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function timingText(timings: unknown): string[] {
  if (typeof timings === "number") return [`${timings} ms`];
  if (Array.isArray(timings)) return timings.map(show);
  if (typeof timings === "object" && timings !== null) {
    return Object.entries(timings).map(([name, value]) =>
      typeof value === "number" ? `${name}: ${value} ms` : `${name}: ${show(value)}`,
    );
  }
  return [];
}

const MAX_SUMMARY = 80;

function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
}

/** What to show for the answer of a run of `entry`. */
export function formatRun(entry: string, dataset: unknown, answer: unknown): FormattedRun {
  const heading = `▶ ${entry}${dataset === undefined || dataset === null ? "" : ` (${show(dataset)})`}`;
  if (typeof answer !== "object" || answer === null) {
    const text = answer === undefined || answer === null ? "(no answer)" : show(answer);
    return { lines: [heading, text], summary: shorten(text), failed: false };
  }
  const fields = answer as Record<string, unknown>;
  const lines = [heading];
  const failure = fields.error ?? fields.failure;
  const results = fields.results ?? fields.result ?? fields.outputs ?? fields.output;
  const resultLines =
    results === undefined ? [] : Array.isArray(results) ? results.map(show) : [show(results)];
  if (failure !== undefined && failure !== null) {
    lines.push(`error: ${show(failure)}`);
  }
  for (const line of resultLines) lines.push(line);
  const timings = timingText(fields.timings ?? fields.timing ?? fields.time);
  if (timings.length > 0) lines.push(`timings: ${timings.join(", ")}`);
  const known = new Set(["error", "failure", "results", "result", "outputs", "output", "timings", "timing", "time"]);
  for (const [key, value] of Object.entries(fields)) {
    if (!known.has(key)) lines.push(`${key}: ${show(value)}`);
  }
  const failed = failure !== undefined && failure !== null;
  const summaryParts = failed ? [`error: ${show(failure)}`] : resultLines;
  let summary = shorten(summaryParts.join(" "));
  if (!failed && timings.length > 0) summary = `${summary} (${timings[0]})`;
  return { lines, summary: summary === "" ? "(no results)" : summary, failed };
}
