package threadring.quasar.build;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.jar.JarFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Fixes a lost wake-up in Quasar 0.8.0's {@code QueueChannel} with the BLOCK overflow policy, by
 * adding {@code VarHandle.fullFence()} at the start of {@code signalSenders()}; writes the class
 * into this module's classes, which replace Quasar's in the jar. Run at {@code process-classes}.
 *
 * <p>The race: a sender that finds the channel full registers itself as a waiter (a CAS) and then
 * checks the queue again before it parks; a receiver takes an item, frees its slot with an ordered
 * (release) store of the queue's head, and then looks for waiting senders. A release store may
 * pass a later load (x86 reorders store then load), so the receiver can read "no waiters" while its
 * freed slot is not yet visible to the sender, who reads "full" and parks: nobody wakes it.
 * quasar/channel-p2 (two scheduler threads, several tokens in flight, depth or work per hop) hung
 * this way about once in 10^6 hops. The fence makes the receiver's store visible before its load,
 * which the sender's CAS already guarantees on its side.
 *
 * <p>Usage: {@code FencePatch <classes-dir> fence|none}; {@code none} copies the class unchanged
 * (the build's {@code -Dquasar.fence=none}, to show the hang the patch removes).
 */
public final class FencePatch {

    static final String CLASS = "co/paralleluniverse/strands/channels/QueueChannel.class";
    static final String METHOD = "signalSenders";

    private FencePatch() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !Arrays.asList("fence", "none").contains(args[1])) {
            System.err.println("usage: FencePatch <classes-dir> fence|none");
            System.exit(2);
        }
        byte[] original = original();
        byte[] written = args[1].equals("fence") ? patch(original) : original;
        Path out = Path.of(args[0]).resolve(CLASS);
        Files.createDirectories(out.getParent());
        Files.write(out, written);
        System.out.println("[quasar] " + (written == original ? "unpatched (-Dquasar.fence=none): " : "fenced ")
                + CLASS.replace('/', '.').replace(".class", "") + "." + METHOD + "()");
    }

    /** QueueChannel as quasar-core's jar ships it (never this module's own, already patched copy). */
    static byte[] original() throws IOException {
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (p.getFileName().toString().startsWith("quasar-core-") && p.toString().endsWith(".jar")) {
                try (JarFile jar = new JarFile(p.toFile()); InputStream in = jar.getInputStream(jar.getJarEntry(CLASS))) {
                    return in.readAllBytes();
                }
            }
        }
        throw new IllegalStateException("quasar-core's jar is not on the class path: " + System.getProperty("java.class.path"));
    }

    /** The class with a full fence before anything else in {@code signalSenders()}; fails unless it found the method. */
    static byte[] patch(byte[] original) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        int[] patched = {0};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!name.equals(METHOD) || !descriptor.equals("()V")) {
                    return mv;
                }
                patched[0]++;
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    @Override
                    public void visitCode() {
                        super.visitCode();
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/invoke/VarHandle", "fullFence", "()V",
                                false);
                    }
                };
            }
        }, 0);
        if (patched[0] != 1) {
            throw new IllegalStateException(CLASS + " has " + patched[0] + " methods " + METHOD + "()V, expected one");
        }
        return writer.toByteArray();
    }
}
