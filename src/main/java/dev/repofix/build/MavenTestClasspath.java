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
 * @param classes      {@code target/classes} of the run's copy
 * @param testClasses  {@code target/test-classes} of the run's copy
 * @param dependencies every other entry, in class-path order (then what screening adds:
 *                     {@link JunitPlatformJars})
 */
public record MavenTestClasspath(Path classes, Path testClasses, List<Path> dependencies) {
    private static final String PROPERTY = "surefire.test.class.path";

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
        String value = reports.stream().map(r -> property(reader, r)).flatMap(Optional::stream).findFirst()
                .orElseThrow(() -> new BuildException("no Surefire report of the baseline names its test class path ("
                        + PROPERTY + "); an old Surefire or a custom test command"));
        List<Path> entries = Stream.of(value.split(java.io.File.pathSeparator)).filter(s -> !s.isBlank())
                .map(s -> Path.of(s).toAbsolutePath().normalize()).toList();
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

    /** The property in a report the baseline wrote, never read through a link out of {@code dir} nor from a fifo. */
    private static Optional<String> property(ConfinedReader reader, Path report) {
        if (!(reader.open(report) instanceof FileOpen.Stream s)) {
            return Optional.empty();
        }
        try (InputStream in = s.in()) {
            NodeList props = HardenedXml.factory().newDocumentBuilder().parse(in)
                    .getElementsByTagName("property");
            for (int i = 0; i < props.getLength(); i++) {
                Element e = (Element) props.item(i);
                if (PROPERTY.equals(e.getAttribute("name")) && !e.getAttribute("value").isBlank()) {
                    return Optional.of(e.getAttribute("value"));
                }
            }
            return Optional.empty();
        } catch (IOException | SAXException | ParserConfigurationException e) {
            return Optional.empty();
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }
}
