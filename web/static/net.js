// The websocket client: one connection to /ws that says hello on every
// (re)connection and reconnects by itself, with a growing, jittered delay,
// after a dropped connection. The server sends the pending decision again
// after each hello, so nothing is lost across a reconnect.

export class Connection {
  // hello is the object sent first on each connection; onMessage gets each
  // message object; onStatus gets "connecting", "open" or "closed".
  constructor(hello, onMessage, onStatus) {
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws`;
  }

  start() {
    this.stopped = false;
    this.connect();
    // A page brought back from the background or the network coming back
    // reconnects at once instead of waiting out the delay.
    window.addEventListener("online", () => this.kick());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.kick();
    });
  }

  kick() {
    if (this.stopped || (this.ws && this.ws.readyState <= 1)) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    this.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (e) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.onStatus("open");
      ws.send(JSON.stringify(this.hello));
    });
    ws.addEventListener("message", (ev) => {
      if (typeof ev.data !== "string") return;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg && typeof msg === "object") this.onMessage(msg);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.onStatus("closed");
      this.retry();
    });
  }

  retry() {
    if (this.stopped) return;
    // 0.5 s, 1 s, 2 s … up to 15 s, each with up to a third more at random
    // so that many pages do not come back at the same instant.
    const base = Math.min(15000, 500 * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 10);
    const delay = base + Math.random() * base / 3;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  // send writes a message; it reports false when not connected.
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  // stop closes the connection for good.
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
