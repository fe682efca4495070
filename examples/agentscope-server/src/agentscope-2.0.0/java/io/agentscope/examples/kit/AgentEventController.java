package io.agentscope.examples.kit;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.ConfirmResult;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultMessage;
import io.agentscope.core.message.UserMessage;
import io.agentscope.core.util.JsonCodec;
import io.agentscope.core.util.JsonUtils;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;

/**
 * The native event bridge of the kit's protocol §9.1: every AgentEvent of
 * {@code ReActAgent.streamEvents} as one SSE frame, {@code event:<TYPE>} and
 * {@code data:<the event serialized by AgentScope's own ObjectMapper>}.
 */
@RestController
@RequestMapping("/api")
public class AgentEventController {

    private static final Logger log = LoggerFactory.getLogger(AgentEventController.class);
    private static final JsonCodec JSON = JsonUtils.getJsonCodec();

    private final AgentSessions sessions;

    AgentEventController(AgentSessions sessions) {
        this.sessions = sessions;
    }

    /** Body: {@code {"msgs":[Msg]}}, {@code {"confirmResults":[ConfirmResult]}} or {@code {"toolResults":[ToolResultBlock]}}. */
    @PostMapping(path = "/sessions/{sessionId}/runs", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public Flux<ServerSentEvent<String>> run(@PathVariable String sessionId, @RequestBody String body) {
        List<Msg> input = readInput(JSON.fromJson(body, JsonNode.class));
        ReActAgent agent = sessions.agent(sessionId);
        return agent.streamEvents(input, AgentSessions.context(sessionId))
                .map(event -> ServerSentEvent.<String>builder()
                        .event(event.getType().getValue())
                        .data(JSON.toJson(event))
                        .build())
                .doOnError(error -> log.warn("Run of session {} failed: {}", sessionId, error.getMessage()));
    }

    /** Asks the session's running call to stop; the stream then ends with the INTERRUPTED result. */
    @PostMapping(path = "/sessions/{sessionId}/interrupt", produces = MediaType.APPLICATION_JSON_VALUE)
    public Map<String, Object> interrupt(@PathVariable String sessionId) {
        sessions.agent(sessionId).interrupt(null, sessionId);
        return Map.of("interrupted", true);
    }

    /** The scripted model's scenarios, for the demo's side bar. */
    @GetMapping(path = "/scenarios")
    public List<ScriptedModel.Scenario> scenarios() {
        return ScriptedModel.SCENARIOS;
    }

    /** The agent's stored context (memory) as {@code Msg[]}, serialized by AgentScope's ObjectMapper. */
    @GetMapping(path = "/sessions/{sessionId}/messages")
    public ResponseEntity<String> messages(@PathVariable String sessionId) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(JSON.toJson(sessions.messages(sessionId)));
    }

    private static List<Msg> readInput(JsonNode body) {
        if (body.has("confirmResults")) {
            // ReActAgent only accepts real ConfirmResult objects in this metadata key (extractConfirmResults
            // checks instanceof), so the answers are deserialized here rather than left as maps inside a Msg.
            List<ConfirmResult> results = JSON.convertValue(body.get("confirmResults"), new TypeReference<List<ConfirmResult>>() {});
            return List.of(UserMessage.builder().name("user").metadata(Map.of(Msg.METADATA_CONFIRM_RESULTS, results)).build());
        }
        if (body.has("toolResults")) {
            List<ToolResultBlock> results = JSON.convertValue(body.get("toolResults"), new TypeReference<List<ToolResultBlock>>() {});
            return List.of(ToolResultMessage.builder().name("user").results(results).build());
        }
        return JSON.convertValue(body.get("msgs"), new TypeReference<List<Msg>>() {});
    }
}
