package dev.repofix.build;

import java.io.InputStream;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * XML parsing for files the repository under test wrote (its POMs, its test reports):
 * any DOCTYPE is refused outright, so no external file, URL or entity expansion (XXE,
 * billion laughs) is ever resolved. Pure static functions.
 */
public final class HardenedXml {
    /** Throws on errors; the JDK's default handler also prints to stderr, and nothing below cli prints. */
    public static final ErrorHandler THROWING = new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
            // not fatal, and nothing below cli prints
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    };

    /**
     * Limits of the JDK's parser (jdk.xml.*), set here rather than left to the JDK's
     * jaxp.properties: JDK 24+ ships strict values there (size limits of 100,000) that
     * count even {@code &lt;} in the document itself and so reject a real report with a
     * long log. With DOCTYPE refused no entity can be declared, so size limits guard
     * nothing; 0 lifts them. A depth cap stays: real reports nest fewer than ten levels.
     */
    private static final Map<String, Object> STREAM_LIMITS = Map.of(
            "http://www.oracle.com/xml/jaxp/properties/maxGeneralEntitySizeLimit", 0,
            "http://www.oracle.com/xml/jaxp/properties/totalEntitySizeLimit", 0,
            "http://www.oracle.com/xml/jaxp/properties/maxElementDepth", 1000);

    private HardenedXml() {}

    /**
     * A streaming (StAX) reader of {@code in} that reads no DTD: no external file, URL or
     * entity is ever resolved, and its caller refuses the {@code DTD} event itself. Bytes,
     * not a Reader: the parser honours the encoding the XML declaration names.
     */
    public static XMLStreamReader streamReader(InputStream in) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, false);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        factory.setXMLResolver((publicId, systemId, base, namespace) -> {
            throw new XMLStreamException("repofix resolves no external entity (" + systemId + ")");
        });
        STREAM_LIMITS.forEach(factory::setProperty);
        return factory.createXMLStreamReader(in);
    }

    /** A namespace-aware factory with DOCTYPE, external DTDs and schemas, XInclude and entity expansion off. */
    public static DocumentBuilderFactory factory() {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
        try {
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser rejected a hardening feature", e);
        }
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        factory.setNamespaceAware(true);
        return factory;
    }
}
