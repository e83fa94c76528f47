// Which web pages may talk to this server: a request whose Origin header is
// the server's own (the host the request was sent to), --public-url's, or one
// of --allow-origin's is let in; so is a request with no Origin at all (bots
// and Node clients send none; a browser always sends one). A foreign page
// could otherwise use its visitors' browsers, and their addresses, against
// the server. A page opened from disk sends `Origin: null`, which is
// refused unless `null` itself is allowed (--allow-origin null).

// An allowed origin as the browser writes it ("https://example.org",
// "http://127.0.0.1:8080", "null"); null when `text` is no http(s) URL.
export function originOf(text) {
  if (text === 'null') return 'null';
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export class OriginPolicy {
  // publicUrl: --public-url (or null); allowOrigins: --allow-origin's list.
  constructor({ publicUrl = null, allowOrigins = [] } = {}) {
    this.allowed = new Set([publicUrl, ...allowOrigins].filter(Boolean).map(originOf).filter(Boolean));
  }

  allows(req) {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    if (this.allowed.has(String(origin).toLowerCase())) return true;
    const host = String(req.headers.host ?? '').toLowerCase();
    let url;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    return host !== '' && (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host;
  }

  // Socket.IO's `cors` option (the `cors` package's per-request form): CORS
  // headers only for the origins let in above, never a reflection of any.
  corsOptions() {
    return (req, callback) =>
      callback(null, { origin: req.headers.origin !== undefined && this.allows(req), methods: ['GET', 'POST'] });
  }
}
