// The baton that the page's stack and a running program's stack hand each other (machine/web/promised.py).
// Each side waits on a promise with Pyodide's run_sync (JSPI); resolving the other side's promise is a
// switch, as a greenlet's would be. A program's stack is started from a fresh task, never nested.
export class Baton {
  constructor() {
    this.host = null;     // resolves the page's wait: the program paused or ended
    this.program = null;  // resolves the program's wait: the page sends "go" or "unwind"
    this.failure = undefined;  // what broke a program's stack outside Python (a JavaScript error)
  }

  toHost() {
    const host = this.host;
    this.host = null;
    if (host) host();
  }

  start(entry, ...args) {
    return new Promise((resolve) => {
      this.host = resolve;
      Promise.resolve()
        .then(() => entry.callPromising(...args))
        .catch((error) => { this.failure = String(error); })
        .finally(() => { entry.destroy(); this.toHost(); });
    });
  }

  pause() {
    return new Promise((resolve) => {
      this.program = resolve;
      this.toHost();
    });
  }

  go(word) {
    return new Promise((resolve) => {
      this.host = resolve;
      const program = this.program;
      this.program = null;
      program(word);
    });
  }
}
