// One WebSocket per seat (docs/protocol.md): hello, then messages both ways; reconnects with
// backoff after a network loss or a server restart, saying the last step it saw and the reader's
// language (the server words everything it sends in it; `setLanguage` changes it mid-game).
import { t } from "./i18n.js";

const PING_EVERY_MS = 25000;
// a connection that has said nothing for this long after a ping is taken for dead
const SILENT_MS = 10000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

export class TableSocket {
  /**
   * @param {string} table the table id
   * @param {{token?: string, watch?: string}} who the seat's token or the spectator key
   * @param {{message: Function, status: Function, lastStep: Function, language?: Function}} hooks
   *   message(msg) for every server message; status(state, detail) with state one of
   *   "connecting", "connected", "reconnecting", "failed"; lastStep() the last step seen or null;
   *   language() the reader's language ("en", "nl", "es"), said in the hello
   */
  constructor(table, who, hooks) {
    this.table = table;
    this.who = who;
    this.hooks = hooks;
    this.ws = null;
    this.attempt = 0;
    this.welcomed = false;
    this.stopped = false;
    this.fatal = null;
    this.retryTimer = null;
    this.pingTimer = null;
    this.onOnline = () => this.reconnectNow();
    // the network is gone: an open socket may never notice, so drop it and show it
    this.onOffline = () => this.drop();
    this.heardAt = 0;
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    };
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${window.location.host}/ws/${encodeURIComponent(this.table)}`;
  }

  start() {
    window.addEventListener("online", this.onOnline);
    window.addEventListener("offline", this.onOffline);
    document.addEventListener("visibilitychange", this.onVisible);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    document.removeEventListener("visibilitychange", this.onVisible);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.welcomed = false;
    this.fatal = null;
    this.hooks.status(this.attempt === 0 ? "connecting" : "reconnecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (err) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: "hello", v: 1 };
      if (this.who.watch !== undefined) hello.watch = this.who.watch;
      else hello.token = this.who.token;
      const last = this.hooks.lastStep();
      if (last !== null && last !== undefined) hello.last_step = last;
      const lang = this.hooks.language ? this.hooks.language() : null;
      if (lang) hello.lang = lang;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (_) {
        return;
      }
      if (!msg || typeof msg !== "object") return;
      this.heardAt = performance.now();
      if (msg.type === "welcome") {
        this.welcomed = true;
        this.attempt = 0;
        this.hooks.status("connected");
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
      } else if (msg.type === "error" && !this.welcomed) {
        // the hello itself was turned down (wrong token, no such table): retrying cannot help
        this.fatal = msg.reason || t("the server turned this link down");
      }
      this.hooks.message(msg);
    };
    ws.onclose = (event) => {
      if (ws !== this.ws) return;
      clearInterval(this.pingTimer);
      this.ws = null;
      if (this.stopped) return;
      const refused = event.code === 1008 || (event.code >= 4000 && event.code < 5000);
      if (this.fatal || (refused && !this.welcomed) || event.code === 4403 || event.code === 4404) {
        this.stopped = true;
        this.hooks.status("failed", this.fatal || event.reason || t("closed ({code})", { code: event.code }));
        return;
      }
      this.scheduleRetry();
    };
    ws.onerror = () => {
      /* onclose follows and decides */
    };
  }

  scheduleRetry() {
    if (this.stopped) return;
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.hooks.status("reconnecting");
    this.retryTimer = setTimeout(() => this.connect(), base + Math.random() * base * 0.3);
  }

  /** Ask for a pong; a connection silent for SILENT_MS after it is dropped and reopened. */
  ping() {
    const asked = performance.now();
    if (!this.send({ type: "ping" })) return;
    setTimeout(() => {
      if (this.ws && this.heardAt < asked) this.drop();
    }, SILENT_MS);
  }

  /** Give up on the current socket (dead or offline) and reconnect with backoff. */
  drop() {
    const ws = this.ws;
    if (!ws || this.stopped) return;
    this.ws = null;
    clearInterval(this.pingTimer);
    try {
      ws.close(4000, "no answer");
    } catch (_) {
      /* already closing */
    }
    this.scheduleRetry();
  }

  /** Try again at once (the network came back, the tab was shown, the person asked). */
  reconnectNow() {
    if (this.stopped || this.ws) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  /** The reader chose another language: the server answers with a welcome and the whole table
   * in it. Not connected: the next hello says it. */
  setLanguage(lang) {
    return this.send({ type: "lang", lang });
  }

  /** Send a message (`v` is added); false when not connected. */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    this.ws.send(JSON.stringify({ ...msg, v: 1 }));
    return true;
  }

  get connected() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN && this.welcomed);
  }
}
