package dev.repofix.build;

import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileOpen;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The test class path of a single-module Maven build as its baseline run used it: read
 * from the {@code surefire.test.class.path} property Surefire writes into every report,
 * so finding it costs no extra build. The project's own outputs are kept apart from the
 * dependencies, so that a screening JVM can load them afresh for every candidate.
 *
 * <p>A project whose main sources are a Java module ({@code module-info.java}) is tested by
 * Surefire with {@code target/classes} (and the modules it requires) on the module path,
 * which its forked JVM reports as {@code jdk.module.path}: those entries are read too and
 * put on the one class path a screening JVM uses. On the class path a module's encapsulation
 * is not enforced, so a screening JVM is more permissive than Surefire's run, never stricter;
 * the screening's own check that the baseline's failing tests fail in it still applies, and
 * every candidate that passes screening is judged by a run through the build.
 *
 * @param classes      {@code target/classes} of the run's copy
 * @param testClasses  {@code target/test-classes} of the run's copy
 * @param dependencies every other entry, in class-path order (then what screening adds:
 *                     {@link JunitPlatformJars})
 */
public record MavenTestClasspath(Path classes, Path testClasses, List<Path> dependencies) {
    private static final String PROPERTY = "surefire.test.class.path";
    private static final String MODULE_PATH = "jdk.module.path";

    public MavenTestClasspath {
        Objects.requireNonNull(classes, "classes");
        Objects.requireNonNull(testClasses, "testClasses");
        dependencies = List.copyOf(dependencies);
    }

    /**
     * Reads the class path the run in {@code dir} used from its Surefire {@code reports}.
     *
     * @throws BuildException saying why there is none to screen with: no report names it, or the
     *                        project is not one module
     */
    public static MavenTestClasspath fromReports(Path dir, List<Path> reports) {
        Path classes = dir.resolve("target/classes").toAbsolutePath().normalize();
        Path testClasses = dir.resolve("target/test-classes").toAbsolutePath().normalize();
        ConfinedReader reader = new ConfinedReader(dir);
        Paths paths = reports.stream().map(r -> paths(reader, r)).flatMap(Optional::stream).findFirst()
                .orElseThrow(() -> new BuildException("no Surefire report of the baseline names its test class path ("
                        + PROPERTY + "); an old Surefire or a custom test command"));
        String value = paths.modulePath().isBlank() ? paths.classPath()
                : paths.classPath() + java.io.File.pathSeparator + paths.modulePath();
        List<Path> entries = Stream.of(value.split(java.io.File.pathSeparator)).filter(s -> !s.isBlank())
                .map(s -> Path.of(s).toAbsolutePath().normalize()).distinct().toList();
        if (!entries.contains(classes) || !entries.contains(testClasses)) {
            throw new BuildException("the test class path is not this module's target/classes and "
                    + "target/test-classes (a multi-module build, or outputs moved): " + abbreviate(value));
        }
        List<Path> deps = new ArrayList<>();
        for (Path p : entries) {
            if (p.startsWith(dir.toAbsolutePath().normalize())) {
                if (!p.equals(classes) && !p.equals(testClasses)) {
                    throw new BuildException("the test class path holds other outputs of the project: " + p);
                }
            } else {
                deps.add(p);
            }
        }
        return new MavenTestClasspath(classes, testClasses, deps);
    }

    /** The same class path with {@code extra} jars after the dependencies (the Launcher, an engine). */
    public MavenTestClasspath withExtra(List<Path> extra) {
        List<Path> all = new ArrayList<>(dependencies);
        all.addAll(extra);
        return new MavenTestClasspath(classes, testClasses, all);
    }

    /** The class path and module path (blank when none) of one report's forked JVM. */
    private record Paths(String classPath, String modulePath) {}

    /**
     * The paths in a report the baseline wrote (empty when it names no class path), never read
     * through a link out of {@code dir} nor from a fifo.
     */
    private static Optional<Paths> paths(ConfinedReader reader, Path report) {
        if (!(reader.open(report) instanceof FileOpen.Stream s)) {
            return Optional.empty();
        }
        try (InputStream in = s.in()) {
            NodeList props = HardenedXml.factory().newDocumentBuilder().parse(in)
                    .getElementsByTagName("property");
            String classPath = "";
            String modulePath = "";
            for (int i = 0; i < props.getLength(); i++) {
                Element e = (Element) props.item(i);
                if (PROPERTY.equals(e.getAttribute("name"))) {
                    classPath = e.getAttribute("value");
                } else if (MODULE_PATH.equals(e.getAttribute("name"))) {
                    modulePath = e.getAttribute("value");
                }
            }
            return classPath.isBlank() ? Optional.empty() : Optional.of(new Paths(classPath, modulePath));
        } catch (IOException | SAXException | ParserConfigurationException e) {
            return Optional.empty();
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }
}
