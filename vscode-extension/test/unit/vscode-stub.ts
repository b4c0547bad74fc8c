// A stand-in for the `vscode` module, for the unit tests only (the build aliases `vscode` to this
// file for test/unit). It has just what the modules under test use, and lets a test fire
// workspace events, list open documents and see the language changes and status bar texts.

type Listener<T> = (value: T) => void;

export class EventEmitter<T> {
  private listeners: Listener<T>[] = [];
  readonly event = (listener: Listener<T>) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly path: string,
    readonly query: string,
  ) {}
  static from(parts: { scheme: string; path: string; query?: string }): Uri {
    return new Uri(parts.scheme, parts.path, parts.query ?? "");
  }
  static parse(text: string): Uri {
    const match = /^([a-z][a-z0-9+.-]*):([^?]*)(?:\?(.*))?$/.exec(text);
    if (!match) throw new Error(`bad URI ${text}`);
    return new Uri(match[1], match[2], match[3] ?? "");
  }
  toString(): string {
    return `${this.scheme}:${this.path}${this.query ? `?${this.query}` : ""}`;
  }
}

export interface TextDocument {
  uri: Uri;
  languageId: string;
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}

const changeEvents = new EventEmitter<{ document: TextDocument }>();
const openEvents = new EventEmitter<TextDocument>();

/** What the tests control and observe. */
export const stub = {
  documents: [] as TextDocument[],
  languageChanges: [] as { uri: string; language: string }[],
  statusItems: [] as { text: string; tooltip: string }[],
  fireChange(document: TextDocument): void {
    changeEvents.fire({ document });
  },
  fireOpen(document: TextDocument): void {
    openEvents.fire(document);
  },
  reset(): void {
    stub.documents = [];
    stub.languageChanges = [];
    stub.statusItems = [];
  },
};

export const workspace = {
  onDidChangeTextDocument: changeEvents.event,
  onDidOpenTextDocument: openEvents.event,
  get textDocuments(): TextDocument[] {
    return stub.documents;
  },
};

export const languages = {
  async setTextDocumentLanguage(document: TextDocument, language: string): Promise<TextDocument> {
    stub.languageChanges.push({ uri: document.uri.toString(), language });
    document.languageId = language;
    return document;
  },
};

export const window = {
  createStatusBarItem() {
    const item = {
      text: "",
      tooltip: "",
      name: "",
      command: "",
      backgroundColor: undefined as ThemeColor | undefined,
      show() {},
      dispose() {},
    };
    stub.statusItems.push(item);
    return item;
  },
};
