package io.agentscope.examples.kit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.event.EventListener;

/** AgentScope Java 2.0 behind the native event bridge (protocol §9.1), with a scripted model and no API key. */
@SpringBootApplication
public class KitServerApplication {

    private static final Logger log = LoggerFactory.getLogger(KitServerApplication.class);

    public static void main(String[] args) {
        SpringApplication.run(KitServerApplication.class, args);
    }

    /** The interop tests start the server on port 0 and read the real port from this line. */
    @EventListener
    public void onReady(WebServerInitializedEvent event) {
        log.info("agentscope-kit-server listening on port {}", event.getWebServer().getPort());
    }
}
