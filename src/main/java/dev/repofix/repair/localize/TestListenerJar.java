package dev.repofix.repair.localize;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the jar of repofix's test listeners that dump JaCoCo's data after each test: one
 * for the JUnit Platform, one for JUnit 4 (hooked into its RunNotifier by the jar's agent)
 * and one for TestNG. Compiled from the sources repofix ships ({@code test-listener/}) by
 * the JDK's compiler, against stand-ins for the frameworks' types (left out of the jar: the
 * tests' own frameworks provide them), for Java 8 so that any test JVM loads it. The agent
 * rewrites JUnit 4's notifier with ASM, which goes into the jar under a package of its own
 * so that it cannot clash with the project's ASM. {@code -javaagent:} puts the jar on the
 * tests' system class path without a change to the project's build.
 */
final class TestListenerJar {
    private static final Logger LOG = LoggerFactory.getLogger(TestListenerJar.class);
    static final String AGENT = "dev.repofix.coverage.RepofixCoverageAgent";
    private static final String OWN = "dev/repofix/coverage/";
    private static final String ASM = "org/objectweb/asm/";
    private static final String ASM_RELOCATED = OWN + "asm/";
    private static final List<String> SOURCES = List.of("RepofixCoverageAgent", "RepofixJacocoDump",
            "RepofixCoverageListener", "RepofixJUnit4Hook", "RepofixJUnit4Listener", "RepofixTestNgListener",
            "TestExecutionListener", "TestIdentifier", "TestExecutionResult", "Description",
            "Failure", "ITestNGListener", "ITestListener", "ITestContext", "ITestResult", "IClass",
            "ITestNGMethod");
    /** Service files: how the JUnit Platform and TestNG find their listener. */
    private static final Map<String, String> SERVICES = Map.of(
            "org.junit.platform.launcher.TestExecutionListener", "dev.repofix.coverage.RepofixCoverageListener",
            "org.testng.ITestNGListener", "dev.repofix.coverage.RepofixTestNgListener");

    private TestListenerJar() {}

    /**
     * Puts the jar at {@code jar}: a copy of the one in {@code cache} built from the same
     * sources by the same JDK and ASM, else compiled here (and kept in {@code cache}, so
     * the next run skips the compiler, about a second of every instrumented baseline).
     *
     * @param cache repofix's folder for built listener jars; empty: compile every time
     * @return empty when the jar is there, else why not (no compiler in the JVM running repofix, a compile error)
     */
    static Optional<String> put(Path jar, Optional<Path> cache) throws IOException {
        return put(jar, cache, ToolProvider.getSystemJavaCompiler());
    }

    /** The same with {@code javac} (null: the runtime has none) as the compiler. */
    static Optional<String> put(Path jar, Optional<Path> cache, JavaCompiler javac) throws IOException {
        if (cache.isEmpty()) {
            return write(jar, javac);
        }
        Path kept = cache.get().resolve(key() + ".jar");
        if (Files.isRegularFile(kept, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.copy(kept, jar, StandardCopyOption.REPLACE_EXISTING);
                return Optional.empty();
            } catch (IOException e) {
                LOG.warn("cannot copy the kept test listener jar {}, compiling it again: {}", kept, e.toString());
            }
        }
        Optional<String> notBuilt = write(jar, javac);
        if (notBuilt.isEmpty()) {
            keep(jar, kept);
        }
        return notBuilt;
    }

    /**
     * Copies a freshly built jar into the cache under a temporary name and moves it into
     * place, so a reader never sees half a jar; a run that got there first wins. A cache
     * that cannot be written costs only the next run's compile.
     */
    private static void keep(Path jar, Path kept) {
        Path tmp = null;
        try {
            Files.createDirectories(kept.getParent());
            tmp = Files.createTempFile(kept.getParent(), "listener-", ".tmp");
            Files.copy(jar, tmp, StandardCopyOption.REPLACE_EXISTING);
            tmp.toFile().setWritable(false, false);
            Files.move(tmp, kept, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
            LOG.debug("the test listener jar {} was not kept: {}", kept, e.toString());
        } catch (IOException e) {
            LOG.warn("cannot keep the test listener jar in {}: {}", kept, e.toString());
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    LOG.debug("cannot delete {}: {}", tmp, e.toString());
                }
            }
        }
    }

    /**
     * What the jar is built from: the listeners' sources, the ASM classes copied into it, and
     * the JDK that compiles them (its version and vendor), as a SHA-256 prefix.
     */
    static String key() throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
        digest.update((Runtime.version() + "\n" + System.getProperty("java.vendor", "") + "\n")
                .getBytes(StandardCharsets.UTF_8));
        for (String name : SOURCES) {
            digest.update((name + "\n").getBytes(StandardCharsets.UTF_8));
            digest.update(source(name));
        }
        for (Map.Entry<String, byte[]> e : asmClasses(asmLocation()).entrySet()) {
            digest.update((e.getKey() + "\n").getBytes(StandardCharsets.UTF_8));
            digest.update(e.getValue());
        }
        return HexFormat.of().formatHex(digest.digest(), 0, 16);
    }

    private static byte[] source(String name) throws IOException {
        try (InputStream in = TestListenerJar.class.getResourceAsStream("test-listener/" + name + ".java")) {
            if (in == null) {
                throw new IOException("repofix's test listener source " + name + ".java is missing from its jar");
            }
            return in.readAllBytes();
        }
    }

    /** Writes the jar to {@code jar} (its folder gets a scratch folder for the classes). */
    private static Optional<String> write(Path jar, JavaCompiler javac) throws IOException {
        if (javac == null) {
            return Optional.of("the Java runtime running repofix has no compiler (a JRE, not a JDK), and the test "
                    + "listeners that dump coverage per test are compiled at run time");
        }
        Path asm = asmLocation();
        Path work = Files.createTempDirectory(jar.toAbsolutePath().getParent(), "listener-");
        Path src = Files.createDirectories(work.resolve("src"));
        Path classes = Files.createDirectories(work.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("--release", "8", "-nowarn", "-Xlint:-options", "-cp",
                asm.toString(), "-implicit:none", "-d", classes.toString()));
        for (String name : SOURCES) {
            Path file = src.resolve(name + ".java");
            Files.write(file, source(name));
            args.add(file.toString());
        }
        StringWriter errors = new StringWriter();
        int code = javac.run(null, null, new OutputStream() {
            @Override
            public void write(int b) {
                errors.write(b);
            }
        }, args.toArray(String[]::new));
        if (code != 0) {
            return Optional.of("the test listeners for coverage did not compile: " + errors.toString().strip());
        }
        Map<String, byte[]> entries = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(classes.resolve(OWN))) {
            for (Path p : walk.filter(p -> p.toString().endsWith(".class")).toList()) {
                byte[] relocated = relocate(Files.readAllBytes(p));
                entries.put(OWN + classes.resolve(OWN).relativize(p).toString().replace('\\', '/'), relocated);
            }
        }
        asmClasses(asm).forEach((name, bytes) -> entries.put(ASM_RELOCATED + name.substring(ASM.length()),
                relocate(bytes)));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), AGENT);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
            for (Map.Entry<String, String> s : new TreeMap<>(SERVICES).entrySet()) {
                out.putNextEntry(new JarEntry("META-INF/services/" + s.getKey()));
                out.write((s.getValue() + "\n").getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return Optional.empty();
    }

    /** A class with ASM's package renamed to the jar's own. */
    private static byte[] relocate(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(0);
        ClassVisitor remap = new ClassRemapper(writer, new Remapper() {
            @Override
            public String map(String internalName) {
                return internalName.startsWith(ASM) ? ASM_RELOCATED + internalName.substring(ASM.length())
                        : internalName;
            }
        });
        reader.accept(remap, 0);
        return writer.toByteArray();
    }

    /** Where repofix's own ASM is: its jar, or a folder of classes. */
    private static Path asmLocation() throws IOException {
        try {
            return Path.of(ClassReader.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("cannot find the ASM library repofix runs with: " + e.getMessage(), e);
        }
    }

    /** ASM's core classes ({@code org/objectweb/asm/*.class}, no sub-package), by entry name. */
    private static Map<String, byte[]> asmClasses(Path location) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        if (Files.isDirectory(location)) {
            try (Stream<Path> list = Files.list(location.resolve(ASM))) {
                for (Path p : list.filter(p -> p.toString().endsWith(".class")).toList()) {
                    out.put(ASM + p.getFileName(), Files.readAllBytes(p));
                }
            }
            return out;
        }
        try (JarFile jar = new JarFile(location.toFile())) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                String name = entry.getName();
                if (name.startsWith(ASM) && name.endsWith(".class") && name.indexOf('/', ASM.length()) < 0) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        out.put(name, in.readAllBytes());
                    }
                }
            }
        }
        return out;
    }
}
