package dev.repofix.build;

import javax.xml.XMLConstants;
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

    private HardenedXml() {}

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
