package dev.repofix.validate;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CompactConstructorDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.stmt.BlockStmt;
import dev.repofix.build.HardenedXml;
import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileRead;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The baseline's compiled classes reused by a candidate's deciding run (Maven), where that is
 * provably what compiling everything gives: the candidate changes nothing but statements
 * inside the bodies of methods, constructors and initializers of existing Java files under
 * {@code src/main/java} (no signature, field, constant, annotation, import or type changes, so
 * no other class's bytes depend on what changed), and the build is one plain module whose
 * only plugins are Maven's own, with the standard layout and no generated sources.
 *
 * <p>maven-compiler-plugin 3.x with its default {@code useIncrementalCompilation=true}
 * recompiles the whole module on any changed source, and the test classes on any changed main
 * class ("changed dependency"): copied classes alone save nothing. With it false (set here by
 * {@value #MAVEN_CONFIG}, the user property {@code maven.compiler.useIncrementalCompilation})
 * the plugin compiles only stale sources, those newer than their class file. So the copy gets
 * the baseline's {@code .class} files dated a minute ago, every source dated an hour ago
 * (javac's {@code -Xprefer:newer} then reads the classes, not the sources, for the types the
 * changed file uses), and the changed files' classes (the top-level types and their nested,
 * local and anonymous ones) deleted, so exactly those files compile anew; no test class is
 * stale. Resources are not copied: the build copies them fresh.
 */
final class CompiledClasses {
    /** Maven's per-project arguments, read from the project's root before the command line's. */
    static final String MAVEN_CONFIG = ".mvn/maven.config";
    static final String STALE_ONLY = "-Dmaven.compiler.useIncrementalCompilation=false";
    private static final String MAIN = "src/main/java/";
    /** Sources and POMs larger than this are not read: such a file is not worth the check. */
    private static final long MAX_BYTES = 4L * 1024 * 1024;
    /** Plugins of Maven's default lifecycle: none of them rewrites or reads back compiled classes before the tests. */
    private static final Set<String> PLAIN_PLUGINS = Set.of("maven-compiler-plugin", "maven-surefire-plugin",
            "maven-failsafe-plugin", "maven-resources-plugin", "maven-jar-plugin", "maven-install-plugin",
            "maven-deploy-plugin", "maven-clean-plugin", "maven-site-plugin");
    /** POM elements that move sources or outputs, add modules, plugins from elsewhere or build extensions. */
    private static final Set<String> NOT_PLAIN = Set.of("parent", "modules", "profiles", "extensions",
            "sourceDirectory", "testSourceDirectory", "outputDirectory", "testOutputDirectory", "directory",
            "useIncrementalCompilation", "incrementalCompilation", "compilerId", "annotationProcessorPaths",
            "annotationProcessors", "proc");

    private CompiledClasses() {}

    /**
     * Why the deciding run in {@code copy} (the patch applied) may not reuse the classes the
     * baseline compiled in {@code baselineCopy}, or empty when it may.
     *
     * @param pristine the unpatched tree, for the changed files' text before the patch
     * @param changed  the files the patch changes, repository-relative
     */
    static Optional<String> whyNot(Path pristine, Path baselineCopy, Path copy, List<String> changed) {
        Optional<String> build = plainBuild(copy, baselineCopy);
        if (build.isPresent()) {
            return build;
        }
        if (changed.isEmpty()) {
            return Optional.of("the patch changes no file");
        }
        for (String path : changed) {
            if (!path.startsWith(MAIN) || !path.endsWith(".java")) {
                return Optional.of(path + " is not a Java source under " + MAIN);
            }
            Optional<String> before = read(pristine, path);
            Optional<String> after = read(copy, path);
            if (before.isEmpty() || after.isEmpty()) {
                return Optional.of(path + " is new or deleted");
            }
            Optional<String> more = bodiesOnly(before.get(), after.get());
            if (more.isPresent()) {
                return Optional.of(path + ": " + more.get());
            }
        }
        return Optional.empty();
    }

    /** Why {@code after} changes more than statements inside bodies of {@code before}, or empty when it does not. */
    static Optional<String> bodiesOnly(String before, String after) {
        Optional<CompilationUnit> old = JavaSyntax.cleanTree(before);
        Optional<CompilationUnit> changed = JavaSyntax.cleanTree(after);
        if (old.isEmpty() || changed.isEmpty()) {
            return Optional.of("it does not parse cleanly before and after the patch");
        }
        return withoutBodies(old.get()).equals(withoutBodies(changed.get())) ? Optional.empty()
                : Optional.of("it changes more than statements inside method bodies (a signature, field, constant, "
                        + "annotation, import or type)");
    }

    /** {@code unit}'s declarations with every method, constructor and initializer body emptied (a copy). */
    private static String withoutBodies(CompilationUnit unit) {
        CompilationUnit copy = unit.clone();
        copy.getAllContainedComments().forEach(c -> c.remove());
        for (Node n : copy.findAll(Node.class)) {
            switch (n) {
                case MethodDeclaration m when m.getBody().isPresent() -> m.setBody(new BlockStmt());
                case ConstructorDeclaration c -> c.setBody(new BlockStmt());
                case CompactConstructorDeclaration c -> c.setBody(new BlockStmt());
                case InitializerDeclaration i -> i.setBody(new BlockStmt());
                default -> { }
            }
        }
        return copy.toString();
    }

    /** Why the build of {@code copy} is not a plain one-module maven-compiler-plugin build, or empty when it is. */
    static Optional<String> plainBuild(Path copy, Path baselineCopy) {
        if (Files.exists(copy.resolve(".mvn"), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("the project has its own .mvn folder (Maven arguments, extensions)");
        }
        // maven-compiler-plugin makes the annotations' folders in every build; a file in one is generated code.
        for (String generated : List.of("target/generated-sources", "target/generated-test-sources")) {
            try {
                if (Files.exists(baselineCopy.resolve(generated), LinkOption.NOFOLLOW_LINKS)
                        && !files(baselineCopy.resolve(generated), "").isEmpty()) {
                    return Optional.of("the baseline's build generated sources (" + generated + ")");
                }
            } catch (IOException | UncheckedIOException e) {
                return Optional.of("cannot read the baseline's " + generated + ": " + e.getMessage());
            }
        }
        for (String compiled : List.of("target/classes", "target/test-classes")) {
            if (!Files.isDirectory(baselineCopy.resolve(compiled), LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of("the baseline left no " + compiled);
            }
        }
        Optional<String> text = read(copy, "pom.xml");
        if (text.isEmpty()) {
            return Optional.of("its pom.xml cannot be read");
        }
        try (InputStream in = new ByteArrayInputStream(text.get().getBytes(StandardCharsets.UTF_8))) {
            return plainPom(HardenedXml.factory().newDocumentBuilder().parse(in));
        } catch (IOException | RuntimeException | ParserConfigurationException | SAXException e) {
            return Optional.of("its pom.xml cannot be read: " + e.getMessage());
        }
    }

    private static Optional<String> plainPom(Document pom) {
        NodeList all = pom.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            String name = name(e);
            if (NOT_PLAIN.contains(name)) {
                return Optional.of("its pom.xml has <" + name + ">");
            }
            if (name.equals("packaging") && !e.getTextContent().strip().equals("jar")) {
                return Optional.of("its packaging is " + e.getTextContent().strip());
            }
            if (name.equals("plugin")) {
                String id = child(e, "artifactId");
                if (!PLAIN_PLUGINS.contains(id)) {
                    return Optional.of("its pom.xml has the plugin " + id);
                }
                String version = child(e, "version");
                if (id.equals("maven-compiler-plugin") && !version.isEmpty() && !version.startsWith("3.")) {
                    return Optional.of("its maven-compiler-plugin is " + version + ", not 3.x");
                }
            }
        }
        return Optional.empty();
    }

    private static String child(Element e, String name) {
        for (org.w3c.dom.Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && name(c).equals(name)) {
                return c.getTextContent().strip();
            }
        }
        return "";
    }

    private static String name(Element e) {
        return e.getLocalName() != null ? e.getLocalName() : e.getNodeName();
    }

    /**
     * Puts the classes {@code baselineCopy} compiled into {@code copy}, dated so that only the
     * {@code changed} files compile again, and the setting that makes Maven compile only those.
     * Call only where {@link #whyNot} found nothing.
     */
    static void reuse(Path baselineCopy, Path copy, List<String> changed, Instant now) throws IOException {
        FileTime classes = FileTime.from(now.minus(Duration.ofMinutes(1)));
        FileTime sources = FileTime.from(now.minus(Duration.ofHours(1)));
        for (String dir : List.of("target/classes", "target/test-classes")) {
            copyClasses(baselineCopy.resolve(dir), copy.resolve(dir), classes);
        }
        for (String src : List.of("src/main/java", "src/test/java")) {
            for (Path f : files(copy.resolve(src), ".java")) {
                Files.setLastModifiedTime(f, sources);
            }
        }
        for (String path : changed) {
            for (Path stale : classesOf(copy, path)) {
                Files.deleteIfExists(stale);
            }
        }
        Files.createDirectories(copy.resolve(".mvn"));
        Files.writeString(copy.resolve(MAVEN_CONFIG), STALE_ONLY + "\n", StandardCharsets.UTF_8);
    }

    /** The class files of {@code path}'s top-level types and every class nested in them, local or anonymous ones too. */
    private static List<Path> classesOf(Path copy, String path) throws IOException {
        CompilationUnit unit = read(copy, path).flatMap(JavaSyntax::cleanTree)
                .orElseThrow(() -> new IOException(path + " cannot be read or no longer parses"));
        String pkg = unit.getPackageDeclaration().map(p -> p.getNameAsString().replace('.', '/') + "/").orElse("");
        Path dir = copy.resolve("target/classes").resolve(pkg.isEmpty() ? "." : pkg).normalize();
        List<Path> out = new ArrayList<>();
        for (TypeDeclaration<?> type : unit.getTypes()) {
            String top = type.getNameAsString();
            for (Path f : files(dir, ".class")) {
                String name = f.getFileName().toString();
                if (f.getParent().equals(dir) && (name.equals(top + ".class") || name.startsWith(top + "$"))) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static void copyClasses(Path from, Path to, FileTime time) throws IOException {
        for (Path f : files(from, ".class")) {
            Path target = to.resolve(from.relativize(f).toString());
            Files.createDirectories(target.getParent());
            Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
            Files.setLastModifiedTime(target, time);
        }
    }

    /** The regular files under {@code dir} (no link followed) whose names end with {@code suffix}. */
    private static List<Path> files(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                    && p.getFileName().toString().endsWith(suffix)).toList();
        }
    }

    /** {@code path} in {@code root} through the confined reader (no link out, no device); empty when refused. */
    private static Optional<String> read(Path root, String path) {
        return new ConfinedReader(root).read(path, MAX_BYTES) instanceof FileRead.Content c ? c.utf8()
                : Optional.empty();
    }
}
