// The bpmn-js page of set 7: the Modeler distro bundle of bpmn-js (served from /bpmn-js/ by
// static-server.mjs) on a full-window canvas, opening the seeded "Book loan" process.
const DIAGRAM = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_Loan" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_BookLoan" name="Book loan" isExecutable="false">
    <bpmn:startEvent id="Start_Requested" name="Loan requested">
      <bpmn:outgoing>Flow_1</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:task id="Task_CheckMembership" name="Check membership">
      <bpmn:incoming>Flow_1</bpmn:incoming>
      <bpmn:outgoing>Flow_2</bpmn:outgoing>
    </bpmn:task>
    <bpmn:exclusiveGateway id="Gateway_GoodStanding" name="Member in good standing?">
      <bpmn:incoming>Flow_2</bpmn:incoming>
      <bpmn:outgoing>Flow_Yes</bpmn:outgoing>
      <bpmn:outgoing>Flow_No</bpmn:outgoing>
    </bpmn:exclusiveGateway>
    <bpmn:task id="Task_LendBook" name="Lend book">
      <bpmn:incoming>Flow_Yes</bpmn:incoming>
      <bpmn:outgoing>Flow_3</bpmn:outgoing>
    </bpmn:task>
    <bpmn:task id="Task_Reminder" name="Send reminder about fees">
      <bpmn:incoming>Flow_No</bpmn:incoming>
      <bpmn:outgoing>Flow_4</bpmn:outgoing>
    </bpmn:task>
    <bpmn:endEvent id="End_Lent" name="Book lent">
      <bpmn:incoming>Flow_3</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:endEvent id="End_Refused" name="Loan refused">
      <bpmn:incoming>Flow_4</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start_Requested" targetRef="Task_CheckMembership" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Task_CheckMembership" targetRef="Gateway_GoodStanding" />
    <bpmn:sequenceFlow id="Flow_Yes" name="yes" sourceRef="Gateway_GoodStanding" targetRef="Task_LendBook" />
    <bpmn:sequenceFlow id="Flow_No" name="no" sourceRef="Gateway_GoodStanding" targetRef="Task_Reminder" />
    <bpmn:sequenceFlow id="Flow_3" sourceRef="Task_LendBook" targetRef="End_Lent" />
    <bpmn:sequenceFlow id="Flow_4" sourceRef="Task_Reminder" targetRef="End_Refused" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_1">
    <bpmndi:BPMNPlane id="Plane_1" bpmnElement="Process_BookLoan">
      <bpmndi:BPMNShape id="Start_Requested_di" bpmnElement="Start_Requested">
        <dc:Bounds x="152" y="182" width="36" height="36" />
        <bpmndi:BPMNLabel><dc:Bounds x="125" y="225" width="90" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_CheckMembership_di" bpmnElement="Task_CheckMembership">
        <dc:Bounds x="240" y="160" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Gateway_GoodStanding_di" bpmnElement="Gateway_GoodStanding" isMarkerVisible="true">
        <dc:Bounds x="395" y="175" width="50" height="50" />
        <bpmndi:BPMNLabel><dc:Bounds x="378" y="138" width="84" height="27" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_LendBook_di" bpmnElement="Task_LendBook">
        <dc:Bounds x="500" y="160" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_Reminder_di" bpmnElement="Task_Reminder">
        <dc:Bounds x="500" y="300" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="End_Lent_di" bpmnElement="End_Lent">
        <dc:Bounds x="742" y="182" width="36" height="36" />
        <bpmndi:BPMNLabel><dc:Bounds x="730" y="225" width="60" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="End_Refused_di" bpmnElement="End_Refused">
        <dc:Bounds x="742" y="322" width="36" height="36" />
        <bpmndi:BPMNLabel><dc:Bounds x="725" y="365" width="70" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1">
        <di:waypoint x="188" y="200" /><di:waypoint x="240" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2">
        <di:waypoint x="340" y="200" /><di:waypoint x="395" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_Yes_di" bpmnElement="Flow_Yes">
        <di:waypoint x="445" y="200" /><di:waypoint x="500" y="200" />
        <bpmndi:BPMNLabel><dc:Bounds x="459" y="182" width="30" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_No_di" bpmnElement="Flow_No">
        <di:waypoint x="420" y="225" /><di:waypoint x="420" y="340" /><di:waypoint x="500" y="340" />
        <bpmndi:BPMNLabel><dc:Bounds x="428" y="280" width="14" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_3_di" bpmnElement="Flow_3">
        <di:waypoint x="600" y="200" /><di:waypoint x="742" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_4_di" bpmnElement="Flow_4">
        <di:waypoint x="600" y="340" /><di:waypoint x="742" y="340" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

export const BPMN_SITE = {
  'book-loan.bpmn': DIAGRAM,
  'index.html': `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Book loan — BPMN modeler</title>
  <link rel="stylesheet" href="/bpmn-js/assets/diagram-js.css">
  <link rel="stylesheet" href="/bpmn-js/assets/bpmn-js.css">
  <link rel="stylesheet" href="/bpmn-js/assets/bpmn-font/css/bpmn.css">
  <style>html, body, #canvas { height: 100%; margin: 0; padding: 0; font-family: sans-serif; } #canvas { height: 100vh; }</style>
</head>
<body>
  <div id="canvas"></div>
  <script src="/bpmn-js/bpmn-modeler.development.js"></script>
  <script>
    const modeler = new BpmnJS({ container: '#canvas' });
    window.bpmnModeler = modeler;
    fetch('book-loan.bpmn').then((r) => r.text()).then((xml) => modeler.importXML(xml)).then(() => {
      document.body.dataset.loaded = 'yes';
    }).catch((err) => { document.body.dataset.loaded = 'error'; console.error(err); });
  </script>
</body>
</html>
`,
};
