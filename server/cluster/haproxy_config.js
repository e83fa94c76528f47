// HAProxy's configuration for one public URL in front of several nodes
// (docs/deploy.md; the design is /work/shared/SCALE-OUT.md section 2):
// - a new socket goes to the node with the fewest connections (leastconn);
// - a socket sent to a room's owner (`moved`) reconnects with ?node=NAME,
//   which every polling and WebSocket request carries, and goes to that
//   node; a rule naming a node that is down is ignored, so a stale hint
//   lands on a live node, which claims the room;
// - the polling fallback's requests stay on one node by a cookie;
// - a node failing two checks 500 ms apart is out, and its sockets are
//   closed so their clients reconnect through a live node.
// - each node is checked at /ready (public, no figures; 503 while it closes);
// - one client address holds at most `maxConnectionsPerAddress` connections
//   through the proxy (an IPv6 address counts by its /64), whatever nodes
//   they go to: a node's own cap per address sees only its share;
// - the client's address goes to the node in X-Forwarded-For (the nodes run
//   with --trust-proxy naming the proxy's address), so the limits per
//   address see the client, not the proxy.
export const CHECK_PATH = '/ready';

// The connections one client address may hold through the proxy: its
// Socket.IO connections and its other HTTP connections, as each node
// allows them (net/transport_settings.js).
export const connectionsPerAddress = ({ maxSocketsPerIp, maxHttpConnectionsPerIp }) => maxSocketsPerIp + maxHttpConnectionsPerIp;

// nodes: [{name, address: 'host:port'}]; bind: HAProxy's `bind` argument
// (e.g. '127.0.0.1:8080' or ':8080'); maxConnectionsPerAddress: null for no cap.
export function haproxyConfig({ nodes, bind, checkPath = CHECK_PATH, tlsHint = false, maxConnectionsPerAddress = null }) {
  for (const { name, address } of nodes) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) throw new Error(`bad node name '${name}'`);
    if (!/^[A-Za-z0-9.\-[\]:]+:\d+$/.test(address)) throw new Error(`bad node address '${address}'`);
  }
  const lines = [
    '# Qipan: one public URL in front of the room server nodes (docs/deploy.md).',
    'global',
    '  # Connections: as many as the file descriptor limit allows (ulimit -n).',
    '  log stderr format short local0 notice',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  # An upgraded WebSocket is a tunnel; the server pings it every 10 s.',
    '  timeout tunnel 1h',
    '  # A connection to a node that went down is tried on another one.',
    '  option redispatch',
    '  retries 2',
    "  # The client address, appended to X-Forwarded-For (believed by nodes that list this proxy's address in --trust-proxy).",
    '  option forwardfor',
    '',
    'frontend qipan',
    `  bind ${bind}`,
  ];
  if (tlsHint) {
    lines.push(
      '  # TLS ends here: a certificate and key in one PEM file, and plain HTTP redirected.',
      '  # bind :443 ssl crt /etc/haproxy/certs/qipan.pem',
      '  # http-request redirect scheme https unless { ssl_fc }',
      '  # http-request set-header X-Forwarded-Proto https if { ssl_fc }',
    );
  }
  if (maxConnectionsPerAddress !== null) {
    lines.push(
      '  # One client address (an IPv6 address by its /64) holds at most this many',
      '  # connections, whichever nodes they go to; the next is closed at once.',
      '  stick-table type ipv6 size 1m expire 10m store conn_cur',
      '  tcp-request connection track-sc0 src,ipmask(32,64)',
      `  tcp-request connection reject if { sc0_conn_cur gt ${Number(maxConnectionsPerAddress)} }`,
    );
  }
  lines.push(
    '  default_backend nodes',
    '',
    'backend nodes',
    '  balance leastconn',
    `  option httpchk GET ${checkPath}`,
    '  http-check expect status 200',
    '  cookie qn insert indirect nocache',
    '  default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions',
    ...nodes.map(({ name }) => `  use-server ${name} if { urlp(node) -m str ${name} }`),
    ...nodes.map(({ name, address }) => `  server ${name} ${address} check cookie ${name}`),
    '',
  );
  return lines.join('\n');
}

// 'n1=http://10.0.0.5:8080' -> {name: 'n1', address: '10.0.0.5:8080'}
export function nodeFromPair(pair) {
  const m = /^([^=]+)=(https?):\/\/([^/]+)\/?$/.exec(pair);
  if (!m) throw new Error(`expected NAME=http://HOST:PORT, not '${pair}'`);
  if (m[2] === 'https') throw new Error(`'${pair}': nodes speak plain HTTP behind the proxy; TLS ends at HAProxy`);
  return { name: m[1], address: /:\d+$/.test(m[3]) ? m[3] : `${m[3]}:80` };
}
