package threadring.bench.util;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JDK named by its release ({@code --jdk 21}) or its home: the first home of that release in
 * this checkout's {@code .jdks/<release>} (where {@code install-jdk21.sh} puts one), {@code
 * JAVA_HOME}, and the usual install places the build's toolchain discovery looks in too. A home's
 * release is read from its {@code release} file, without starting it.
 */
public final class JdkHomes {

    /** The oldest release threadring runs on. */
    public static final int OLDEST = 17;
    /** The installer of the release the machine cannot get from its package manager. */
    public static final String INSTALL_21 = "./install-jdk21.sh";

    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(?:1\\.)?(\\d+)");

    private JdkHomes() {}

    /**
     * The home {@code value} names: a directory with bin/java, or a release number.
     *
     * @throws IllegalArgumentException in one line: below {@link #OLDEST}, not found (naming how to
     *     install it), or neither a home nor a number
     */
    public static Path find(String value, Path checkout) {
        return find(value, checkout, systemPlaces());
    }

    /** {@link #find(String, Path)} among {@code checkout}'s .jdks and {@code system} homes. */
    static Path find(String value, Path checkout, List<Path> system) {
        String v = value.trim();
        if (v.matches("\\d{1,3}")) {
            int release = Integer.parseInt(v);
            if (release < OLDEST) {
                throw new IllegalArgumentException("threadring runs on JDK " + OLDEST + " and newer, was '" + value + "'");
            }
            List<Path> places = new ArrayList<>(List.of(checkout.resolve(".jdks").resolve(v)));
            places.addAll(system);
            return places.stream().filter(h -> Files.isExecutable(h.resolve("bin").resolve("java")))
                    .filter(h -> release(h).orElse(-1) == release).map(h -> h.toAbsolutePath().normalize()).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no JDK " + release + " here (looked in "
                            + checkout.relativize(checkout.resolve(".jdks").resolve(v)) + ", JAVA_HOME, /usr/lib/jvm and "
                            + "the other usual places): " + (release == 21 ? INSTALL_21 + " installs one"
                                    : "install one, or give its home")));
        }
        Path home = Path.of(v);
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
            throw new IllegalArgumentException("must be a release like 21 or a JDK home containing bin/java, was '"
                    + value + "'");
        }
        return home.toAbsolutePath().normalize();
    }

    /** Where else a JDK may live, in the order they are tried: JAVA_HOME, then the usual install places. */
    static List<Path> systemPlaces() {
        List<Path> places = new ArrayList<>();
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            places.add(Path.of(javaHome));
        }
        String user = System.getProperty("user.home");
        for (Path dir : List.of(Path.of("/usr/lib/jvm"), Path.of("/usr/java"), Path.of("/opt/java"), Path.of("/opt"),
                Path.of(user, ".sdkman", "candidates", "java"), Path.of(user, ".jdks"),
                Path.of("/Library/Java/JavaVirtualMachines"))) {
            children(dir).forEach(c -> {
                places.add(c);
                places.add(c.resolve("Contents").resolve("Home"));
            });
        }
        return places.stream().filter(h -> Files.isExecutable(h.resolve("bin").resolve("java")))
                .map(h -> h.toAbsolutePath().normalize()).distinct().toList();
    }

    /** The feature release a JDK home declares in its {@code release} file. */
    public static Optional<Integer> release(Path home) {
        try {
            Matcher m = VERSION.matcher(Files.readString(home.resolve("release")));
            return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static List<Path> children(Path dir) {
        List<Path> all = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return all;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            s.forEach(all::add);
        } catch (IOException e) {
            // unreadable: nothing there for us
        }
        all.sort(null);
        return all;
    }
}
