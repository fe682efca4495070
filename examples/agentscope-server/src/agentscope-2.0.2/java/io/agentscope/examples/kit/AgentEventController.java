package io.agentscope.examples.kit;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.ConfirmResult;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultMessage;
import io.agentscope.core.message.UserMessage;
import io.agentscope.core.state.AgentState;
import io.agentscope.core.state.AgentStateStore;
import io.agentscope.core.util.JsonCodec;
import io.agentscope.core.util.JsonUtils;
import io.agentscope.harness.agent.HarnessAgent;
import io.agentscope.harness.agent.gateway.SubagentRecord;
import io.agentscope.harness.agent.gateway.SubagentRegistry;
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
 * The native event bridge of the kit's protocol §9.1: every AgentEvent of {@code HarnessAgent.streamEvents} as one
 * SSE frame, {@code event:<TYPE>} and {@code data:<the event serialized by AgentScope's own ObjectMapper>}. The
 * session is the path's id, passed to the one agent through its {@link RuntimeContext}.
 */
@RestController
@RequestMapping("/api")
public class AgentEventController {

    private static final Logger log = LoggerFactory.getLogger(AgentEventController.class);
    private static final JsonCodec JSON = JsonUtils.getJsonCodec();

    private final HarnessAgent agent;
    private final SubagentRegistry exposedSubagents;
    private final AgentStateStore stateStore;

    AgentEventController(HarnessAgent agent, SubagentRegistry exposedSubagents, AgentStateStore stateStore) {
        this.agent = agent;
        this.exposedSubagents = exposedSubagents;
        this.stateStore = stateStore;
    }

    private static Flux<ServerSentEvent<String>> frames(Flux<? extends io.agentscope.core.event.AgentEvent> events, String what) {
        return events.map(event -> ServerSentEvent.<String>builder()
                        .event(event.getType().getValue())
                        .data(JSON.toJson(event))
                        .build())
                .doOnError(error -> log.warn("Run of {} failed: {}", what, error.getMessage()));
    }

    private static RuntimeContext context(String sessionId) {
        return RuntimeContext.builder().sessionId(sessionId).build();
    }

    /** Body: {@code {"msgs":[Msg]}}, {@code {"confirmResults":[ConfirmResult]}} or {@code {"toolResults":[ToolResultBlock]}}. */
    @PostMapping(path = "/sessions/{sessionId}/runs", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public Flux<ServerSentEvent<String>> run(@PathVariable String sessionId, @RequestBody String body) {
        List<Msg> input = readInput(JSON.fromJson(body, JsonNode.class));
        return frames(agent.streamEvents(input, context(sessionId)), "session " + sessionId);
    }

    /**
     * A run of a subagent exposed with {@code expose_to_user} ({@code SUBAGENT_EXPOSED.subagentId}), through the
     * harness gateway ({@code HarnessGateway.runSubagentStream}, what {@code ChatUiChannel.sendToSubagentStream}
     * calls): same body and frames as a session's runs. Its events are the subagent's own, top level (no source).
     */
    @PostMapping(path = "/subagents/{subagentId}/runs", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public ResponseEntity<Flux<ServerSentEvent<String>>> runSubagent(@PathVariable String subagentId, @RequestBody String body) {
        if (exposedSubagents.find(subagentId).isEmpty()) return ResponseEntity.notFound().build();
        List<Msg> input = readInput(JSON.fromJson(body, JsonNode.class));
        return ResponseEntity.ok(frames(agent.gateway().runSubagentStream(subagentId, input), "subagent " + subagentId));
    }

    /** An exposed subagent's stored context: its session's state in the shared {@link AgentStateStore}. */
    @GetMapping(path = "/subagents/{subagentId}/messages")
    public ResponseEntity<String> subagentMessages(@PathVariable String subagentId) {
        return exposedSubagents.find(subagentId)
                .map(SubagentRecord::sessionId)
                .map(session -> stateStore.get(null, session, "agent_state", AgentState.class).map(AgentState::getContext).orElse(List.of()))
                .map(context -> ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(JSON.toJson(context)))
                .orElseGet(() -> ResponseEntity.notFound().build());
    }

    /** Asks the session's running call to stop; the stream then ends with the INTERRUPTED result. */
    @PostMapping(path = "/sessions/{sessionId}/interrupt", produces = MediaType.APPLICATION_JSON_VALUE)
    public Map<String, Object> interrupt(@PathVariable String sessionId) {
        agent.getDelegate().interrupt(null, sessionId);
        return Map.of("interrupted", true);
    }

    /** The scripted model's scenarios, for the demo's side bar. */
    @GetMapping(path = "/scenarios")
    public List<ScriptedModel.Scenario> scenarios() {
        return ScriptedModel.SCENARIOS;
    }

    /** The session's stored context (loaded from the state store), serialized by AgentScope's ObjectMapper. */
    @GetMapping(path = "/sessions/{sessionId}/messages")
    public ResponseEntity<String> messages(@PathVariable String sessionId) {
        List<Msg> context = agent.getDelegate().getAgentState(null, sessionId).getContext();
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(JSON.toJson(context));
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
