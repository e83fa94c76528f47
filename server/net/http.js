// The HTTP side: the page's files from dist/ (static_files.js) and a JSON
// line of figures at `/health`; Socket.IO answers `/socket.io/` itself.
import { staticFiles } from './static_files.js';

export function pageHandler({ pageDir, health }) {
  return staticFiles(pageDir, {
    routes: {
      '/health': (req, res) => {
        const query = new URL(req.url, 'http://x').searchParams;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(health(query.has('gc'), query.has('reset'))));
      },
    },
  });
}
