// Types of cluster.mjs for the TypeScript that starts a cluster (bench/cluster.ts, the chaos soak).

export interface ClusterOptions {
  /** API processes behind HAProxy (default 2). */
  processes?: number;
  /** PostgreSQL to use; default: a throwaway one (initdb) in the cluster's folder. */
  databaseUrl?: string;
  /** Redis to use; default: a throwaway redis-server (then stopRedis/startRedis work). */
  redisUrl?: string;
  /** HAProxy's port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** The cluster's folder (config, logs, own databases); default: a temp folder stop() removes. */
  dir?: string;
  /** 'server' (default): the server bundle; 'all': web app and bundle when changed; false: already built. */
  build?: 'server' | 'all' | false;
  /** Extra environment of every API process. */
  env?: Record<string, string>;
  /** API processes' logs: dir/logs/apiN.log (default) or this terminal, prefixed. */
  output?: 'files' | 'console';
  /** Progress lines. */
  say?: (line: string) => void;
}

export interface ClusterProcess {
  /** HAProxy's server name: api1, api2, … */
  name: string;
  pid: number | null;
  port: number;
  /** Its own Prometheus metrics on 127.0.0.1 (METRICS_PORT): GET /metrics. */
  metricsPort: number;
  running: boolean;
}

export interface ServerState {
  /** HAProxy's status: UP, DOWN, MAINT, … */
  status: string;
  /** Sessions (requests, WebSocket tunnels) on it now. */
  current: number;
  /** Sessions it has had. */
  total: number;
}

export interface Cluster {
  /** HAProxy's address, e.g. http://127.0.0.1:8080. */
  url: string;
  port: number;
  dir: string;
  configFile: string;
  statsSocket: string;
  databaseUrl: string;
  redisUrl: string;
  haproxyPid: number;
  readonly processes: ClusterProcess[];
  serverStates(): Promise<Record<string, ServerState>>;
  /** Sends `signal` (default SIGTERM) to process i (0-based); resolves with its exit code once it exited. */
  killProcess(i: number, signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts process i again on its port; resolves once it answers and HAProxy has it UP. */
  startProcess(i: number): Promise<void>;
  /** Replaces the processes one at a time through HAProxy's runtime API. */
  rollingRestart(onStep?: (line: string) => void): Promise<void>;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  stop(): Promise<void>;
}

export const ROOT: string;
export const DRAIN_NOTICE_MS: number;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
