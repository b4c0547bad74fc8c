// The `runic-ir:` URI scheme of the IR views: one read-only virtual document per (source file,
// stage, function or position). The URI carries everything needed to ask the server again
// (`runic/viewIr`), so a view can be refreshed, or reopened after a reload. Free of `vscode`.

export const SCHEME = "runic-ir";

/** What an IR view shows. `function` wins over `position` when both are set. */
export interface IrTarget {
  /** The source document's URI, as a string. */
  source: string;
  stage: string;
  function?: string;
  position?: { line: number; character: number };
}

/** The parts of a URI that `vscode.Uri.from` takes. */
export interface UriParts {
  scheme: string;
  path: string;
  query: string;
}

/** The URI parts of a view: a readable path (the tab title) and the target in the query. */
export function encodeIrUri(target: IrTarget): UriParts {
  const base = target.source.replace(/[?#].*$/, "").split("/").pop() || "source";
  const what = target.function ?? (target.position ? `line ${target.position.line + 1}` : "file");
  const query = new URLSearchParams();
  query.set("source", target.source);
  query.set("stage", target.stage);
  if (target.function !== undefined) query.set("function", target.function);
  if (target.position !== undefined) {
    query.set("line", String(target.position.line));
    query.set("character", String(target.position.character));
  }
  return {
    scheme: SCHEME,
    path: `/${decodeURIComponent(base)} [${target.stage}: ${what}]`,
    query: query.toString(),
  };
}

/** The target of a view's URI query; throws on a URI this module did not make. */
export function decodeIrQuery(query: string): IrTarget {
  const params = new URLSearchParams(query);
  const source = params.get("source");
  const stage = params.get("stage");
  if (!source || !stage) throw new Error(`not a Runic IR view: ?${query}`);
  const target: IrTarget = { source, stage };
  const fn = params.get("function");
  if (fn !== null) target.function = fn;
  const line = params.get("line");
  const character = params.get("character");
  if (line !== null && character !== null) {
    const position = { line: Number(line), character: Number(character) };
    if (!Number.isInteger(position.line) || !Number.isInteger(position.character)) {
      throw new Error(`bad position in a Runic IR view: ?${query}`);
    }
    target.position = position;
  }
  return target;
}

/** The `runic/viewIr` parameters for a target. */
export function viewIrParams(target: IrTarget): {
  textDocument: { uri: string };
  stage: string;
  function?: string;
  position?: { line: number; character: number };
} {
  const params: ReturnType<typeof viewIrParams> = {
    textDocument: { uri: target.source },
    stage: target.stage,
  };
  if (target.function !== undefined) params.function = target.function;
  else if (target.position !== undefined) params.position = target.position;
  return params;
}
