package threadring.bench.util;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.util.Optional;

/**
 * This process's context switches from getrusage(2) ({@code RUSAGE_SELF}, called through JNA): the
 * sum over every thread the process ever had, ended ones included. /proc counts per live thread,
 * so threads that end before an iteration's last reading vanish from it (the rendezvous of
 * platform threads read 1.34 switches per exchange where its first iterations read 2.01). Empty
 * where this is not Linux on x86-64 or aarch64 (whose struct rusage this layout is), or the call fails.
 */
public final class Rusage {

    /** The C library's getrusage. */
    interface C extends Library {
        int getrusage(int who, Pointer usage);
    }

    /** {@code struct rusage} on 64-bit Linux: two timevals, then 14 longs; ru_nvcsw and ru_nivcsw are the last two. */
    static final int SIZE = 18 * 8;
    static final int VOLUNTARY = 16 * 8;
    static final int INVOLUNTARY = 17 * 8;
    static final int RUSAGE_SELF = 0;

    /** Voluntary and involuntary switches so far. */
    public record Switches(long voluntary, long involuntary) {}

    private static final C LIBC = load();

    private Rusage() {}

    private static C load() {
        if (!Platform.isLinux() || !Platform.is64Bit() || !(Platform.isIntel() || Platform.isARM())) {
            return null;
        }
        try {
            return Native.load("c", C.class);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return null;
        }
    }

    /** The process's switches so far, if this OS tells. */
    public static Optional<Switches> switches() {
        if (LIBC == null) {
            return Optional.empty();
        }
        try (Memory m = new Memory(SIZE)) {
            m.clear();
            if (LIBC.getrusage(RUSAGE_SELF, m) != 0) {
                return Optional.empty();
            }
            return Optional.of(new Switches(m.getLong(VOLUNTARY), m.getLong(INVOLUNTARY)));
        }
    }
}
