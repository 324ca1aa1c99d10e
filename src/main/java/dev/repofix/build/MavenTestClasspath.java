package dev.repofix.build;

import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileOpen;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * @param dependencies every other entry, in class-path order, plus the JUnit Platform
 *                     Launcher when the project's tests did not bring it
 */
public record MavenTestClasspath(Path classes, Path testClasses, List<Path> dependencies) {
    private static final String PROPERTY = "surefire.test.class.path";
    private static final Pattern ENGINE = Pattern.compile("junit-platform-engine-([^/]+)\\.jar");

    public MavenTestClasspath {
        Objects.requireNonNull(classes, "classes");
        Objects.requireNonNull(testClasses, "testClasses");
        dependencies = List.copyOf(dependencies);
    }

    /**
     * Reads the class path the run in {@code dir} used from its Surefire {@code reports}.
     *
     * @throws BuildException saying why there is none to screen with: no report names it, the
     *                        project is not one module, or its tests run on no JUnit Platform
     *                        engine (JUnit 4 without the vintage engine, TestNG)
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
        if (deps.stream().noneMatch(p -> p.getFileName().toString().startsWith("junit-platform-launcher-"))) {
            deps.add(launcherBeside(deps));
        }
        return new MavenTestClasspath(classes, testClasses, deps);
    }

    /** The Launcher of the engine's version, from the local repository the engine came from. */
    private static Path launcherBeside(List<Path> deps) {
        for (Path p : deps) {
            Matcher m = ENGINE.matcher(p.getFileName().toString());
            if (m.matches() && p.getParent() != null && p.getParent().getParent() != null) {
                String version = m.group(1);
                Path launcher = p.getParent().getParent().resolveSibling("junit-platform-launcher")
                        .resolve(version).resolve("junit-platform-launcher-" + version + ".jar");
                // A class path the sandbox saw (a Docker cache mount) may name files repofix
                // cannot see: those the screening JVM checks itself when it starts.
                if (Files.isRegularFile(launcher) || !Files.isRegularFile(p)) {
                    return launcher;
                }
                throw new BuildException("the JUnit Platform Launcher " + version + " is not in the local "
                        + "repository (" + launcher + ")");
            }
        }
        throw new BuildException("the tests run on no JUnit Platform engine (JUnit 4 without the vintage engine, "
                + "or TestNG): screening knows only the JUnit Platform");
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
