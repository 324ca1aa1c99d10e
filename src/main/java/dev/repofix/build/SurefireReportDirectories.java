package dev.repofix.build;

import java.io.IOException;
import dev.repofix.workspace.FileRead;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.ParserConfigurationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The report folders that a module's POM moves Surefire's or Failsafe's reports to with
 * {@code <reportsDirectory>}, resolved against the module (its {@code ${project.build.directory}},
 * {@code ${basedir}}, {@code ${project.basedir}}). A value with another property cannot be
 * resolved: the module's whole {@code target/} is searched for {@code TEST-*.xml} instead.
 */
final class SurefireReportDirectories {
    private static final Logger LOG = LoggerFactory.getLogger(SurefireReportDirectories.class);
    private static final Set<String> PLUGINS = Set.of("maven-surefire-plugin", "maven-failsafe-plugin");
    private static final Pattern PROPERTY = Pattern.compile("\\$\\{[^}]*}");

    private SurefireReportDirectories() {}

    /** Folders (existing or not) of the module whose POM is {@code pom}; empty when it moves none or cannot be read. */
    static List<Path> of(Path pom) {
        Path module = pom.getParent();
        List<Path> out = new ArrayList<>();
        for (String value : reportsDirectories(pom)) {
            String resolved = value.strip()
                    .replace("${project.build.directory}", "target")
                    .replace("${project.basedir}", ".")
                    .replace("${basedir}", ".");
            if (PROPERTY.matcher(resolved).find()) {
                LOG.info("{}: cannot resolve the reportsDirectory {}; searching {} for TEST-*.xml instead", pom, value,
                        module.resolve("target"));
                out.add(module.resolve("target"));
            } else {
                out.add(module.resolve(resolved).normalize());
            }
        }
        return out;
    }

    private static List<String> reportsDirectories(Path pom) {
        List<String> out = new ArrayList<>();
        Document doc;
        if (!(BuildFile.read(pom.getParent(), pom.getFileName().toString()) instanceof FileRead.Content c)) {
            return out; // absent, or a link out of the module: never read
        }
        try {
            doc = parser().parse(new java.io.ByteArrayInputStream(c.bytes()));
        } catch (IOException | SAXException e) {
            LOG.debug("cannot read {} for report folders: {}", pom, e.getMessage());
            return out;
        }
        NodeList plugins = doc.getElementsByTagNameNS("*", "plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            if (PLUGINS.contains(childText(plugin, "artifactId"))) {
                NodeList dirs = plugin.getElementsByTagNameNS("*", "reportsDirectory");
                for (int j = 0; j < dirs.getLength(); j++) {
                    String text = dirs.item(j).getTextContent();
                    if (text != null && !text.isBlank()) {
                        out.add(text);
                    }
                }
            }
        }
        return out;
    }

    private static String childText(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && name.equals(e.getLocalName())) {
                return e.getTextContent().strip();
            }
        }
        return "";
    }

    /** No DOCTYPE, no external entities or schemas, as for test reports: a POM is the repository's, not ours. */
    private static DocumentBuilder parser() {
        try {
            DocumentBuilder builder = HardenedXml.factory().newDocumentBuilder();
            builder.setErrorHandler(HardenedXml.THROWING);
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser cannot be hardened: " + e.getMessage(), e);
        }
    }
}
