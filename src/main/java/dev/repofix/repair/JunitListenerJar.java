package dev.repofix.repair;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds the jar of repofix's JUnit Platform listener that dumps JaCoCo's data after each
 * test: compiled from the sources repofix ships ({@code junit-listener/}) by the JDK's
 * compiler, against stand-ins for the three JUnit types it uses (left out of the jar: the
 * tests' own JUnit provides them), for Java 8 so that any test JVM loads it. The jar is an
 * agent that does nothing, so that {@code -javaagent:} puts it on the tests' system class
 * path without a change to the project's build.
 */
final class JunitListenerJar {
    static final String LISTENER = "dev.repofix.coverage.RepofixCoverageListener";
    static final String AGENT = "dev.repofix.coverage.RepofixCoverageAgent";
    private static final List<String> SOURCES = List.of("RepofixCoverageListener", "RepofixCoverageAgent",
            "TestExecutionListener", "TestIdentifier", "TestExecutionResult");

    private JunitListenerJar() {}

    /**
     * Writes the jar to {@code jar} (its folder gets a scratch folder for the classes).
     *
     * @return empty when written, else why not (no compiler in the JVM running repofix, a compile error)
     */
    static Optional<String> write(Path jar) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return Optional.of("the Java runtime running repofix has no compiler (a JRE, not a JDK), and the JUnit "
                    + "listener that dumps coverage per test is compiled at run time");
        }
        Path work = Files.createTempDirectory(jar.toAbsolutePath().getParent(), "listener-");
        Path src = Files.createDirectories(work.resolve("src"));
        Path classes = Files.createDirectories(work.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("--release", "8", "-nowarn", "-Xlint:-options", "-d",
                classes.toString()));
        for (String name : SOURCES) {
            try (InputStream in = JunitListenerJar.class.getResourceAsStream("junit-listener/" + name + ".java")) {
                Path file = src.resolve(name + ".java");
                Files.write(file, in.readAllBytes());
                args.add(file.toString());
            }
        }
        StringWriter errors = new StringWriter();
        int code = javac.run(null, null, new OutputStream() {
            @Override
            public void write(int b) {
                errors.write(b);
            }
        }, args.toArray(String[]::new));
        if (code != 0) {
            return Optional.of("the JUnit coverage listener did not compile: " + errors.toString().strip());
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), AGENT);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (String cls : List.of(LISTENER, AGENT)) {
                String entry = cls.replace('.', '/') + ".class";
                out.putNextEntry(new JarEntry(entry));
                out.write(Files.readAllBytes(classes.resolve(entry)));
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/org.junit.platform.launcher.TestExecutionListener"));
            out.write((LISTENER + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return Optional.empty();
    }
}
