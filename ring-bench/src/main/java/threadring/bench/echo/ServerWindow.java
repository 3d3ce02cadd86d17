package threadring.bench.echo;

import threadring.bench.util.LinuxProc;

/**
 * Reads the server JVM's CPU time and its threads' context switches from /proc at a quarter and
 * at three quarters of the measured window, while the load holds its connections: a server with
 * a thread per connection has those threads only then, and /proc counts the switches of live
 * threads. Runs beside the load; {@link #cost} is what it read (parts null where it could not).
 */
final class ServerWindow extends Thread {

    private final LinuxProc server;
    private final long seconds;
    private volatile long[] first;
    private volatile long[] last;

    ServerWindow(LinuxProc server, int seconds) {
        super("server window");
        setDaemon(true);
        this.server = server;
        this.seconds = seconds;
    }

    @Override
    public void run() {
        try {
            Thread.sleep(seconds * 1000 / 4);
            first = read();
            Thread.sleep(seconds * 1000 / 2);
            last = read();
        } catch (InterruptedException e) {
            // the load ended early: whatever was read stays unread
        }
    }

    /** Now, the server's CPU ns (-1: unknown) and its live threads' switches (-1: unknown). */
    private long[] read() {
        long now = System.nanoTime();
        Long cpu = server.cpuNs();
        var tasks = server.tasks();
        return new long[] {now, cpu == null ? -1 : cpu, tasks.isEmpty() ? -1 : LinuxProc.switches(tasks)};
    }

    /** What the window read, with the generator's CPU ms over its {@code generatorSeconds}. */
    EchoScore.EchoCost cost(Double generatorCpuMs, double generatorSeconds) {
        long[] a = first;
        long[] b = last;
        if (a == null || b == null) {
            return new EchoScore.EchoCost(0, null, null, generatorCpuMs, generatorSeconds);
        }
        return new EchoScore.EchoCost((b[0] - a[0]) / 1e9, a[1] < 0 || b[1] < 0 ? null : (b[1] - a[1]) / 1e6,
                a[2] < 0 || b[2] < 0 ? null : b[2] - a[2], generatorCpuMs, generatorSeconds);
    }
}
