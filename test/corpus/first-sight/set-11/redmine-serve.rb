# Starts Debian's Redmine 5.0 (/usr/share/redmine) on WEBrick bound to 127.0.0.1, for first-sight set 11.
#   ruby redmine-serve.rb <port>            serve the instance named by X_DEBIAN_SITEID
#   ruby redmine-serve.rb --seed <file.rb>  load the app, run the seed script, exit
# `rails server` cannot be used: Debian's Gemfile has no web server in it (and no puma is packaged with
# Redmine), so WEBrick (Debian `ruby-webrick`, a dependency of `redmine`) is loaded from its own path.
Dir.chdir('/usr/share/redmine')
ENV['RAILS_ENV'] ||= 'production'
require '/usr/share/redmine/config/environment'
if ARGV[0] == '--seed'
  load ARGV[1]
  exit 0
end
webrick = Dir.glob('/usr/share/rubygems-integration/all/gems/webrick-*/lib').max
$LOAD_PATH.unshift(webrick) if webrick
require 'webrick'
require 'rack/handler/webrick'
port = Integer(ARGV[0])
Rack::Handler::WEBrick.run(Rails.application, Host: '127.0.0.1', Port: port, AccessLog: [], Logger: WEBrick::Log.new($stderr, WEBrick::Log::WARN))
