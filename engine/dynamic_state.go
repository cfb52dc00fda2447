package engine

import "github.com/capq/capq/xmlconf"

// dynamicState fills the auto-creation snapshot fields.
func (e *Engine) dynamicState(q *queue, s *QueueState) {
	if !e.autoOn {
		return
	}
	dyn := q.dynamic
	s.AutoCreated = &dyn
	s.CapacityMode = q.capMode
	if q.capMode == xmlconf.ModeWeight.String() {
		w := f32(q.weight)
		s.Weight = &w
	}
	for _, c := range q.children {
		s.Children = append(s.Children, c.name)
	}
}
