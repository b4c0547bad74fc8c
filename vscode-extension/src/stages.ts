// The stages the IR view can show: read from the server's `initialize` result
// (`capabilities.experimental.runicStages`), so that a server with new stages needs no change
// here, and turned into the items of the stage picker. Free of the `vscode` module.

/** What the picker shows for the stages of the design; other stages get a generic line. */
const KNOWN: Record<string, string> = {
  syntax: "the syntax tree",
  typed: "after type checking",
  soacs: "core IR with SOACs",
  fused: "after fusion",
  kernels: "GPU kernels (flattened)",
  mem: "memory IR (FunMem)",
  opencl: "OpenCL C",
};

/** The stages a server announced; [] when it announced none or something malformed. */
export function announcedStages(capabilities: unknown): string[] {
  if (typeof capabilities !== "object" || capabilities === null) return [];
  const experimental = (capabilities as { experimental?: unknown }).experimental;
  if (typeof experimental !== "object" || experimental === null) return [];
  const stages = (experimental as { runicStages?: unknown }).runicStages;
  if (!Array.isArray(stages)) return [];
  const seen = new Set<string>();
  return stages.filter((stage): stage is string => {
    if (typeof stage !== "string" || stage === "" || seen.has(stage)) return false;
    seen.add(stage);
    return true;
  });
}

export interface StageItem {
  label: string;
  description: string;
  /** Shown first when it was the stage picked last time. */
  picked: boolean;
}

/** The picker's items, in the server's order, with the last-used stage first. */
export function stageItems(stages: string[], lastUsed?: string): StageItem[] {
  const items = stages.map((stage) => ({
    label: stage,
    description: KNOWN[stage] ?? "a stage of the pipeline",
    picked: stage === lastUsed,
  }));
  const last = items.findIndex((item) => item.picked);
  if (last > 0) items.unshift(...items.splice(last, 1));
  return items;
}

/** The editor language to show a stage's text as, from the `language` of the response. */
export function editorLanguage(language: string | undefined): string {
  switch ((language ?? "").toLowerCase()) {
    case "":
    case "text":
    case "plaintext":
      return "plaintext";
    case "c":
    case "opencl":
    case "opencl-c":
      return "c";
    case "futhark":
      return "futhark";
    default:
      return language as string;
  }
}
