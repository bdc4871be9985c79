"""What Home Assistant accepts in an MQTT discovery config, for the platforms the clock announces.

From Home Assistant core's homeassistant/components/mqtt/ (the voluptuous schemas discovery
validates with) and the MQTT integration pages at home-assistant.io/integrations/<platform>.mqtt/:
  config.py   MQTT_BASE_SCHEMA (qos, encoding, group), MQTT_RO_SCHEMA (state_topic required,
              value_template), MQTT_RW_SCHEMA (command_topic required, optimistic, retain, state_topic)
  schemas.py  MQTT_ENTITY_COMMON_SCHEMA: availability_* , device (identifiers or connections
              required: validate_device_has_at_least_one_identifier), origin (name required),
              enabled_by_default, entity_category, icon, json_attributes_*, object_id, unique_id
  number.py   min, max, step (>= 0.001), mode auto|box|slider; validate_config: min < max
  text.py     min >= 0, max <= 255 (MAX_LENGTH_STATE_STATE), min <= max; mode text|password
  notify.py   command_topic required; light/schema_basic.py: command_topic required,
              brightness_scale >= 1; button.py: command_topic required; sensor.py: state_topic
              required; binary_sensor.py: state_topic required, payload_on/off (ON, OFF)
  abbreviations.py: short keys (cmd_t, dev, ...) are expanded and `~` is the base topic.
Each platform's DISCOVERY_SCHEMA is built with extra=vol.REMOVE_EXTRA: a key Home Assistant
does not know is dropped without a word, so it is something the clock means that Home
Assistant will not do. Here it is a failure."""
import json

BASE = {"qos", "encoding", "group"}
COMMON = BASE | {
    "availability", "availability_mode", "availability_template", "availability_topic",
    "payload_available", "payload_not_available", "device", "origin", "enabled_by_default",
    "entity_category", "icon", "json_attributes_topic", "json_attributes_template", "object_id",
    "default_entity_id", "entity_picture", "unique_id", "name",
}
READ_WRITE = {"command_topic", "optimistic", "retain", "state_topic"}
PLATFORMS = {
    "number": COMMON | READ_WRITE | {"command_template", "device_class", "max", "min", "mode", "payload_reset",
                                     "step", "unit_of_measurement", "value_template"},
    "text": COMMON | READ_WRITE | {"command_template", "max", "min", "mode", "pattern", "value_template"},
    "notify": COMMON | {"command_template", "command_topic", "retain"},
    "light": COMMON | READ_WRITE | {"schema", "brightness_command_template", "brightness_command_topic",
                                    "brightness_scale", "brightness_state_topic", "brightness_value_template",
                                    "on_command_type", "payload_off", "payload_on", "state_value_template"},
    "button": COMMON | {"command_template", "command_topic", "device_class", "payload_press", "retain"},
    "sensor": COMMON | {"state_topic", "value_template", "device_class", "expire_after", "force_update",
                        "last_reset_value_template", "options", "suggested_display_precision", "state_class",
                        "unit_of_measurement"},
    "binary_sensor": COMMON | {"state_topic", "value_template", "device_class", "expire_after", "force_update",
                               "off_delay", "payload_off", "payload_on"},
}
REQUIRED = {"number": {"command_topic"}, "text": {"command_topic"}, "notify": {"command_topic"},
            "light": {"command_topic"}, "button": {"command_topic"}, "sensor": {"state_topic"},
            "binary_sensor": {"state_topic"}}
ABBREVIATIONS = {
    "avty": "availability", "avty_mode": "availability_mode", "avty_t": "availability_topic",
    "avty_tpl": "availability_template", "bri_cmd_t": "brightness_command_topic",
    "bri_cmd_tpl": "brightness_command_template", "bri_scl": "brightness_scale", "bri_stat_t": "brightness_state_topic",
    "bri_val_tpl": "brightness_value_template", "cmd_t": "command_topic", "cmd_tpl": "command_template",
    "dev": "device", "dev_cla": "device_class", "e": "encoding", "en": "enabled_by_default",
    "ent_cat": "entity_category", "exp_aft": "expire_after", "frc_upd": "force_update", "ic": "icon",
    "json_attr_t": "json_attributes_topic", "json_attr_tpl": "json_attributes_template", "o": "origin",
    "obj_id": "object_id", "on_cmd_type": "on_command_type", "opt": "optimistic", "ops": "options",
    "pl_avail": "payload_available", "pl_not_avail": "payload_not_available", "pl_off": "payload_off",
    "pl_on": "payload_on", "pl_prs": "payload_press", "pl_rst": "payload_reset", "ret": "retain",
    "stat_cla": "state_class", "stat_t": "state_topic", "stat_val_tpl": "state_value_template",
    "sug_dsp_prc": "suggested_display_precision", "uniq_id": "unique_id", "unit_of_meas": "unit_of_measurement",
    "val_tpl": "value_template",
}
DEVICE = {"ids": "identifiers", "cns": "connections", "mf": "manufacturer", "mdl": "model", "mdl_id": "model_id",
          "hw": "hw_version", "sw": "sw_version", "sn": "serial_number", "sa": "suggested_area",
          "cu": "configuration_url", "name": "name", "via_device": "via_device"}
ORIGIN = {"name": "name", "sw": "sw_version", "sw_version": "sw_version", "url": "support_url", "support_url": "support_url"}


def expand(config):
    """The config as Home Assistant reads it: long keys, `~` replaced in topics."""
    out = {ABBREVIATIONS.get(key, key): value for key, value in config.items()}
    base = out.pop("~", None)
    for key, value in out.items():
        if base is not None and key.endswith("_topic") and isinstance(value, str):
            out[key] = base + value[1:] if value.startswith("~") else value[:-1] + base if value.endswith("~") else value
    for key, names in (("device", DEVICE), ("origin", ORIGIN)):
        if isinstance(out.get(key), dict):
            out[key] = {names.get(k, k): v for k, v in out[key].items()}
    return out


def problems(component, payload):
    """Why Home Assistant would refuse or misread this config (empty if it would take it)."""
    try:
        config = json.loads(payload)
    except ValueError as error:
        return [f"not JSON: {error}"]
    if not isinstance(config, dict):
        return ["not a JSON object"]
    if component not in PLATFORMS:
        return [f"component {component} is not one the clock announces"]
    config = expand(config)
    found = [f"unknown key {key!r} for {component}" for key in sorted(set(config) - PLATFORMS[component])]
    found += [f"no {key}" for key in sorted(REQUIRED[component] - set(config))]
    found += [f"no {key}" for key in ("unique_id", "availability_topic", "device") if key not in config]
    device = config.get("device", {})
    if not isinstance(device, dict) or not (device.get("identifiers") or device.get("connections")):
        found.append("device has no identifiers")
    if "origin" in config and not (isinstance(config["origin"], dict) and config["origin"].get("name")):
        found.append("origin has no name")
    for key in config:
        if key.endswith("_topic") and (not isinstance(config[key], str) or not config[key] or "+" in config[key]
                                       or ("#" in config[key]) or "~" in config[key]):
            found.append(f"{key} {config[key]!r} is not a topic")
    found += globals()[f"_{component}"](config)
    return found


def _number(c):
    low, high, step = c.get("min", 1), c.get("max", 100), c.get("step", 1)
    found = [] if low < high else [f"min {low} is not below max {high}"]
    found += [] if step >= 0.001 else [f"step {step} below 0.001"]
    return found + ([] if c.get("mode", "auto") in ("auto", "box", "slider") else [f"mode {c['mode']!r}"])


def _text(c):
    low, high = c.get("min", 0), c.get("max", 255)
    found = [] if isinstance(low, int) and low >= 0 else [f"min {low!r} is not a whole number >= 0"]
    found += [] if isinstance(high, int) and 0 < high <= 255 else [f"max {high!r} is not 1...255"]
    return found + ([] if low <= high else [f"min {low} above max {high}"])


def _light(c):
    scale = c.get("brightness_scale", 255)
    found = [] if isinstance(scale, int) and scale >= 1 else [f"brightness_scale {scale!r}"]
    return found + ([] if c.get("schema", "basic") == "basic" else [f"schema {c['schema']!r} has other keys"])


def _notify(c):
    return []


def _button(c):
    return []


def _sensor(c):
    found = []
    if c.get("device_class") == "timestamp" and c.get("unit_of_measurement"):
        found.append("a timestamp sensor with a unit")
    if c.get("options") is not None and (c.get("state_class") or c.get("unit_of_measurement")):
        found.append("options together with state_class or unit_of_measurement")
    return found


# binary_sensor.py: a device class, when given, is one of BinarySensorDeviceClass's.
BINARY_SENSOR_CLASSES = {
    "battery", "battery_charging", "carbon_monoxide", "cold", "connectivity", "door", "garage_door", "gas", "heat",
    "light", "lock", "moisture", "motion", "moving", "occupancy", "opening", "plug", "power", "presence", "problem",
    "running", "safety", "smoke", "sound", "tamper", "update", "vibration", "window",
}


def _binary_sensor(c):
    return [] if c.get("device_class") in (None, *BINARY_SENSOR_CLASSES) else [f"device_class {c['device_class']!r}"]
